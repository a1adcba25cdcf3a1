import { type ComponentType, type ReactNode, Suspense, lazy } from "react";
import { Button } from "~/components/ui/button";

/**
 * Parts of public pages that only admins or signed-in players see, fetched when first
 * rendered instead of with the page: an anonymous first visit (issue 12's client budget,
 * scripts/check-budgets.mjs) never downloads them. The server renders them in full; in the
 * browser their HTML stays until the code arrives, then hydrates. `fallback` shows only
 * when a client-side navigation renders one before its code is there.
 */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** Its trigger, disabled, while the dialog's code loads. */
const pendingTrigger = ({ trigger, triggerLabel, size }: { trigger: ReactNode; triggerLabel?: string; size?: "md" | "sm" }) => (
  <Button variant="secondary" size={size} disabled aria-label={triggerLabel}>
    {trigger}
  </Button>
);

export const ConfirmDialog = lazyPart(async () => (await import("~/components/ui/dialog")).ConfirmDialog, pendingTrigger);
export const PlayerDialog = lazyPart(async () => (await import("~/components/player-dialog")).PlayerDialog, pendingTrigger);
export const AddAceDialog = lazyPart(async () => (await import("~/components/add-ace-dialog")).AddAceDialog);
export const TransferForm = lazyPart(async () => (await import("~/components/transfer-form")).TransferForm);
export const SignUpDialog = lazyPart(
  async () => (await import("~/components/signup/signup-dialog")).SignUpDialog,
  () => <Button disabled>Sign up</Button>,
);
