import { hydrated } from "./axe";
import { d1 } from "./d1";
import { expect, shot, test } from "./fixtures";

// The organiser's "Message players" (ADR 49) at 375 px, then at 1280: the audience, the
// channels and the text by label, the live count, the preview that follows the choices, and
// a test to oneself that the log below then lists. Only tests are sent: they are outside the
// league's limits, so no other spec meets them.

test("the organiser writes to a round's players, sees whom it reaches, and sends a test to themself @narrow", async ({
  adminPage: page,
}) => {
  // The demo league's round with the most entries.
  const [row] = d1("select round_id as id from entries where league_id = 1 group by round_id order by count(*) desc limit 1");
  const roundId = Number(row?.id);
  await page.goto(`/admin/round/night/${roundId}`);
  await page.getByRole("link", { name: "Message players" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/round/message/${roundId}$`));
  await expect(page.getByRole("heading", { name: "Message players" })).toBeVisible();
  await hydrated(page);

  const preview = page.getByTestId("message-preview");
  await expect(preview).toHaveText(/^Will reach \d+ players?: /);
  await page.getByLabel("Who gets it").selectOption("division");
  await expect(page.getByLabel("Division")).toBeVisible();
  await expect(preview).toHaveText(/^Will reach \d+ players?: /);
  await page.getByLabel("Who gets it").selectOption("signed-up");
  await page.getByLabel("Mail").uncheck();
  await expect(preview).toHaveText(/^Will reach \d+ players?: \d+ by push/);
  await page.getByLabel("Mail").check();

  const text = "Rain delay tonight: we start at 6:30. Bring a towel.";
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await expect(page.getByText(`${text.length} of 1,000`)).toBeVisible();
  await expect(page.getByText("A push shows the first 120 characters", { exact: false })).toBeVisible();
  await shot(page, "message-players");

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText("Test sent to you.")).toBeVisible();
  const log = page.getByRole("region", { name: "Sent for this round" });
  await expect(log.getByText(text)).toBeVisible();
  await expect(log.getByText("Test to me", { exact: false }).first()).toBeVisible();
  await log
    .getByText(/^1 recipient$/)
    .first()
    .click();
  await expect(log.getByText(/Waiting|Pushed|Mailed|Not sent|Refused|Held/).first()).toBeVisible();

  // Nothing goes sideways at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "message-players-sent");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "message-players-sent");
});
