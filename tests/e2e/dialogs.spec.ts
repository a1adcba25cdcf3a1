import { api, letters, makePlayer } from "./api";
import { partHydrated } from "./axe";
import { expect, shot, test } from "./fixtures";

// Dialogs load Radix when one first opens, not with the page (the client budget):
// the page works without it, and the dialog still traps focus, closes on Escape and
// gives focus back to its trigger, by keyboard as by pointer.

// A dialog on a phone: the Add Ace test in ace-pot.spec.ts.
test("a dialog's code arrives when it opens; focus goes in, Escape closes, focus returns", async ({ adminPage: page }) => {
  const modal: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/dialog-modal-[\w-]+\.js$/.test(r.url())) modal.push(r.url());
  });
  // A transfer of the test's own to open the dialog on (others' may go meanwhile).
  const tag = letters();
  const to = await makePlayer(page, "Dia", `Log${tag}`);
  await api(page, "POST", "/api/transfers/add", {
    values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: to, amt: 1, description: `Dialog ${tag}` },
  });
  modal.length = 0;
  await page.goto("/transfers");
  const trigger = page.getByRole("row", { name: new RegExp(`Dialog ${tag}`) }).getByRole("button", { name: /^Delete the transfer of/ });
  await partHydrated(trigger);
  expect(modal, "Radix is not part of the page's load").toEqual([]);

  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete this transfer?" });
  await expect(dialog).toBeVisible();
  expect(modal.length, "opening the dialog fetched its code").toBe(1);
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await shot(page, "dialog-open");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Cancel closes it too, and a second opening needs nothing new.
  await trigger.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(modal.length).toBe(1);
});
