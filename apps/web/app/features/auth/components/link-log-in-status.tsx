import { Button } from '../../../components/button.tsx';

/** What a log-in link's page shows while it logs in, or when the server could not be asked. */
export function LinkLogInStatus({ unavailable }: { unavailable?: boolean }) {
  if (unavailable) {
    return (
      <main className="page">
        <p role="alert">
          Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again
          in a few minutes.
        </p>
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </main>
    );
  }
  return <div className="page-loading" role="status" aria-busy="true" aria-label="Logging you in" />;
}
