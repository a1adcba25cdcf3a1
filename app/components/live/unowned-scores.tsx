import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

// Scores kept on this phone before each change was filed under its login (ADR 26, "The
// phone"): the phone cannot tell whose they are, so they are never sent on their own. The
// scorer who entered them takes them as theirs (they go at once), or anyone discards them.

export function UnownedScores({ count, settle }: { count: number; settle: (mine: boolean) => Promise<void> }) {
  if (count === 0) return null;
  const scores = `${count} ${count === 1 ? "score" : "scores"}`;
  return (
    <Alert tone="warning" title={`${scores} on this phone from an earlier version of this page`}>
      <p>The phone cannot tell who entered them. Send them only if you did.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void settle(true)}>
          I entered them: send them
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            if (window.confirm(`Discard the ${scores}? They will never be sent.`)) void settle(false);
          }}
        >
          Discard them
        </Button>
      </div>
    </Alert>
  );
}
