import { Component, type ErrorInfo, type ReactNode } from 'react';
import arrowClockwise from 'bootstrap-icons/icons/arrow-clockwise.svg?raw';
import cloudSlash from 'bootstrap-icons/icons/cloud-slash.svg?raw';
import { i18n } from '../i18n';
import { SvgIcon } from './svg-icon';

/** A screen's code could not be fetched, or took longer than the chunk timeout. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

interface Props {
  readonly onRetry: () => void;
  readonly children: ReactNode;
}

/**
 * Catches what a screen throws while loading or rendering. A failed chunk shows spec section 8's
 * 'Loading chunk failed' with a retry; any other error a short apology with the same retry.
 */
export class ChunkErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunk = error instanceof ChunkLoadError;
    return (
      <div className="card border-0 shadow-sm my-4" role="alert" data-testid="screen-error">
        <div className="card-body text-center py-5">
          <SvgIcon svg={cloudSlash} className="fs-1 text-danger d-block mb-3" />
          <h5 className="mb-2">
            {isChunk ? i18n.t('page.chunkFailed') : i18n.t('page.errorTitle')}
          </h5>
          <p className="text-muted mb-4">
            {isChunk ? i18n.t('page.chunkFailedText') : i18n.t('page.errorText')}
          </p>
          <button type="button" className="btn btn-primary" onClick={this.props.onRetry}>
            <SvgIcon svg={arrowClockwise} className="me-1" />
            {i18n.t('common.retry')}
          </button>
        </div>
      </div>
    );
  }
}
