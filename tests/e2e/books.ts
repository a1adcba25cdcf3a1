import { d1 } from "./d1";
import { expect, newContext, test } from "./fixtures";

// Every spec that moves money ends with the league's books sound (ADR 20, ADR 37): the
// report's books check balanced, and no audit row that a request to the app wrote without
// naming who made it (the demo seed's rows name the system). The suite's specs share one
// database and run side by side: each checks all of it as it stands when it ends.

export function booksSoundAtTheEnd(): void {
  test.afterAll(async ({ browser, demoSession }) => {
    const unstamped = d1("select table_name, row_id, action from audit_log where actor_role is null");
    expect(unstamped, "audit rows an app request wrote without naming its actor").toEqual([]);
    // The report as the server renders it, read without drawing it: a browser's layout of its
    // long tables cost a second or two per spec.
    const context = await newContext(browser, { storageState: await demoSession("admin") });
    try {
      const res = await context.request.get("/admin/reports", { headers: { Accept: "text/html" } });
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html, "the books check: nothing out").not.toContain("Out by $");
      expect(html.match(/Balanced/g)?.length ?? 0, "the books check: its three sums balanced").toBeGreaterThanOrEqual(3);
    } finally {
      await context.close();
    }
  });
}
