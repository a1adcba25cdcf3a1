import type { Change } from "~/schemas/live";

// The phone's outbox (ADR 26, "The phone"): every change a scorer makes is written here
// first, in IndexedDB, and leaves only when the server has answered it. It survives a
// reload, a closed tab and a phone offline for the whole round.

const DB = "league-live";
const STORE = "outbox";

type Row = { id: string; roundId: number; order: number; change: Change };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: "id" });
      store.createIndex("round", "roundId");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let db: Promise<IDBDatabase> | null = null;
const database = () => (db ??= open());

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return database().then(
    (d) =>
      new Promise((resolve, reject) => {
        const tx = d.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req?.result);
        tx.onerror = () => reject(tx.error);
      }),
  );
}

let counter = 0;

/** Keeps a change until the server answers it. */
export async function keep(roundId: number, change: Change): Promise<void> {
  const row: Row = { id: change.id, roundId, order: Date.now() * 1000 + (counter++ % 1000), change };
  await run("readwrite", (s) => s.put(row));
}

/** The round's waiting changes, oldest first. */
export async function waiting(roundId: number): Promise<Change[]> {
  const rows = ((await run("readonly", (s) => s.index("round").getAll(roundId))) ?? []) as Row[];
  return rows.sort((a, b) => a.order - b.order).map((r) => r.change);
}

/** Forgets the changes the server answered. */
export async function forget(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await run("readwrite", (s) => {
    for (const id of ids) s.delete(id);
    return undefined;
  });
}
