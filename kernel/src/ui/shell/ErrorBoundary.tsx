import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** Who owns the subtree, for the console message. */
  owner: string
  fallback: ReactNode
  onError?: (error: Error) => void
  children?: ReactNode
}

/** Keeps a broken plugin from taking the modal down: its subtree is replaced by `fallback`. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Portico: "${this.props.owner}" failed to render`, error, info.componentStack)
    this.props.onError?.(error)
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
