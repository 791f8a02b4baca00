import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** The screen's name as the navigation shows it. */
  screen: string
  children: ReactNode
}

interface State {
  error: Error | null
}

/**
 * A screen that fails while it renders says so in its own place, with the error's message and a
 * retry, while the navigation and every other screen keep working (instead of a blank window).
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The ${this.props.screen} screen failed`, error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <section className="panel screen-failure" role="alert" aria-labelledby="screen-failure-title">
        <h1 id="screen-failure-title">{this.props.screen} could not be shown</h1>
        <p className="error">{error.message || error.name}</p>
        <p>
          The other screens still work: choose one on the left, or try this one again once the cause
          is dealt with.
        </p>
        <button type="button" className="primary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </section>
    )
  }
}
