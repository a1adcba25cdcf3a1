import type { ReactNode } from "react";
import { lazyPart } from "./lazy-part";
import { Button } from "~/components/ui/button";

/** A dialog's trigger, disabled, while the dialog's code loads. */
const pendingTrigger = ({ trigger, triggerLabel, size }: { trigger: ReactNode; triggerLabel?: string; size?: "md" | "sm" }) => (
  <Button variant="secondary" size={size} disabled aria-label={triggerLabel}>
    {trigger}
  </Button>
);

/** ConfirmDialog (app/components/ui/dialog.tsx), for the admin-only rows of public pages. */
export const LazyConfirmDialog = lazyPart(async () => (await import("~/components/ui/dialog")).ConfirmDialog, pendingTrigger);
