import { Alert } from "~/components/ui/alert";

/** A round ended early (ADR 50), above its results: "Ended early after 9 holes" and what its scores are. */
export function EndedEarlyNote({ line, note }: { line: string; note: string }) {
  return (
    <Alert tone="info" title={line}>
      {note}
    </Alert>
  );
}
