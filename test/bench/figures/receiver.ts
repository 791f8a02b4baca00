import { fork } from 'node:child_process'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { signWebhook, webhookBody } from '../../support/sign-webhook'
import { fromRepeated, type Figure } from '../results'
import { percentile, repeated } from '../stats'

/**
 * The webhook receiver under a steady stream: events sent from this process at a fixed rate
 * whatever the answers (the service does not wait for one delivery before the next), to the
 * receiver in a process of its own that drains its queue as the app does; then counted: each event
 * must come out of the queue exactly once. Rounds of it, each with a receiver of its own: one
 * round's p99 moved from 16 to 24 ms between runs of the same code on this machine.
 */

/** Rounds the p99 is the median of. */
const ROUNDS = 5

const TICK_MS = 2
export const RECEIVER_SECRET = 'whsec_BenchShop5566778899'
export const RECEIVER_STORE = 'st-bench'

interface Answer {
  status: number
  ms: number
}

/**
 * Kept-alive connections are retired before the receiver's keep-alive timeout (Node's default,
 * 5 s), so a connection the receiver closed while idle is never mistaken for a refusal.
 */
const agent = new Agent({ keepAlive: true, timeout: 4_000, maxSockets: 64 })

/** One delivery as the service makes it; status 0 when the connection failed. */
function deliver(url: string, body: string): Promise<Answer> {
  const started = performance.now()
  const answer = (status: number): Answer => ({ status, ms: performance.now() - started })
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'x-service-event': 'bill.created',
          'x-service-signature': signWebhook(RECEIVER_SECRET, body),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(answer(res.statusCode ?? 0)))
        res.on('error', () => resolve(answer(0)))
      },
    )
    req.on('error', () => resolve(answer(0)))
    req.end(body)
  })
}

export type ReceiverChildMessage = { type: 'ready'; url: string } | { type: 'taken'; ids: string[] }

interface Round {
  /** Ack times, quickest first. */
  latencies: number[]
  total: number
  sendingSeconds: number
  /** Not answered 200. */
  refused: number
  /** Events taken from the queue other than exactly once. */
  notOnce: number
}

async function receiverRound(options: { rate: number; seconds: number }): Promise<Round> {
  const child = fork(join(__dirname, '..', 'receiver-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const next = <T extends ReceiverChildMessage['type']>(type: T) =>
    new Promise<ReceiverChildMessage & { type: T }>((resolve, reject) => {
      child.on('message', (message: ReceiverChildMessage) => {
        if (message.type === type) resolve(message as ReceiverChildMessage & { type: T })
      })
      child.once('exit', (code) => reject(new Error(`the receiver process exited with ${code}`)))
    })
  try {
    const { url } = await next('ready')
    const total = options.rate * options.seconds
    const sent: string[] = []
    const answers: Array<Promise<Answer>> = []
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.min(
          total,
          Math.floor(((performance.now() - started) / 1000) * options.rate),
        )
        while (sent.length < due) {
          const body = webhookBody(RECEIVER_STORE, 'bill.created', {
            bill_id: `b-${sent.length}`,
            location_id: 'loc-1',
          })
          sent.push((JSON.parse(body) as { id: string }).id)
          answers.push(deliver(url, body))
        }
        if (sent.length === total) {
          clearInterval(timer)
          resolve()
        }
      }, TICK_MS)
    })
    const posted = await Promise.all(answers)
    const sendingSeconds = (performance.now() - started) / 1000
    const takenMessage = next('taken')
    child.send('finish')
    const { ids: taken } = await takenMessage
    const latencies = posted.map((p) => p.ms).sort((a, b) => a - b)
    const refused = posted.filter((p) => p.status !== 200).length
    const times = new Map<string, number>()
    for (const id of taken) times.set(id, (times.get(id) ?? 0) + 1)
    const notOnce = sent.filter((id) => times.get(id) !== 1).length + (taken.length - times.size)
    return { latencies, total, sendingSeconds, refused, notOnce }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      if (!child.connected) child.kill()
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null) child.kill()
    }
  }
}

export async function measureReceiver(options: {
  rate: number
  seconds: number
}): Promise<Figure[]> {
  const rounds: Round[] = []
  for (let i = 0; i < ROUNDS; i++) rounds.push(await receiverRound(options))
  const p99s = rounds.map((round) => percentile(round.latencies, 99))
  const each = (figure: (round: Round) => string) => rounds.map(figure).join(', ')
  return [
    {
      id: 'receiver',
      key: 'receiver.p99',
      label: `receiver ${options.rate} events/s for ${options.seconds} s: p99 ack (median of ${ROUNDS})`,
      ...fromRepeated(repeated(p99s)),
      unit: 'ms',
      target: { at: 'most', value: 20 },
      note: `p50 ${each((round) => percentile(round.latencies, 50).toFixed(1))} ms; each round ${rounds[0]!.total} events sent in ${each((round) => round.sendingSeconds.toFixed(1))} s; ${rounds.reduce((sum, round) => sum + round.refused, 0)} not answered 200`,
    },
    {
      id: 'receiver',
      key: 'receiver.max',
      label: 'receiver: slowest ack',
      value: Math.max(...rounds.map((round) => round.latencies.at(-1) ?? 0)),
      unit: 'ms',
      target: { at: 'most', value: 5000 },
    },
    {
      id: 'receiver',
      key: 'receiver.not-once',
      label: 'receiver: events not processed exactly once',
      value: rounds.reduce((sum, round) => sum + round.notOnce + round.refused, 0),
      unit: 'events',
      target: { at: 'most', value: 0 },
    },
  ]
}
