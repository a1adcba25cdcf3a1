import { Form, useNavigation } from "react-router";
import { PlayerFields } from "./player-fields";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useFormResult } from "~/hooks/use-form-result";

// Its own module: only a signed-in user without a claim sees it on /players, so the page
// loads it when it renders (app/components/ui/lazy-part.tsx).
/** New to the league: add your own record, which is claimed for you in the same step. */
export function AddOwnRecord({ divisions }: { divisions: readonly string[] }) {
  const { result, fieldErrors } = useFormResult();
  const busy = useNavigation().formData?.get("intent") === "addOwn";
  // Field errors are this form's: the other forms on the page answer without any.
  const errors = result?.fieldErrors ? fieldErrors : {};
  return (
    <Panel title="New to the league?" titleId="add-own-title">
      <p className="mb-3 text-sm text-muted">Not in the list? Add your player record; it is claimed for you and an admin reviews it.</p>
      <Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value="addOwn" />
        <PlayerFields errors={errors} divisions={divisions} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add and claim my record"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
