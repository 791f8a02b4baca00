/** The part of Electronegativity's programmatic API the gate uses (the package ships no types). */
declare module '@doyensec/electronegativity' {
  interface RawIssue {
    id: string
    file: string
    location: { line: number; column: number }
    severity: { name: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' }
    confidence: { name: string }
    description: string
  }
  interface RunOptions {
    input: string
    isRelative: boolean
    electronVersionOverride: string
    customScan: string[]
    excludeFromScan: string[]
  }
  export default function run(options: RunOptions): Promise<{
    issues: RawIssue[]
    errors: Array<{ file: string; message: string; tolerable: boolean }>
  }>
}
