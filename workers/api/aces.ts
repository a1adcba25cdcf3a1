import { cachePublic } from "./cache";
import { subApp } from "./context";
import { AcePotQuery } from "./params";
import { aceJson, acePotJson } from "./serializers/aces";
import { requireAdmin } from "./auth";
import { body, query } from "./validate";
import { AppError } from "~/.server/errors";
import { handOver, notify } from "~/.server/follow-ups";
import { acePotCents, listAces } from "~/.server/services/money/aces";
import { addAce, deleteAce } from "~/.server/services/money/ledger";
import { idBodySchema } from "~/schemas/ids";
import { AceAddSchema } from "~/schemas/api-wire";

export const acesApi = subApp()
  .get("/", query(AcePotQuery), async (c) => {
    const roundId = c.req.valid("query").roundId;
    // A pot that cannot be read shows as 0 (an unknown round is still a 404).
    const pot = await acePotCents(c.var.db, roundId).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      console.error("The ace pot could not be read", err);
      return null;
    });
    if (pot === null) return c.json(acePotJson(0));
    cachePublic(c, "aces", "entries", "rounds");
    return c.json(acePotJson(pot));
  })
  .get("/list", async (c) => {
    const list = await listAces(c.var.db);
    cachePublic(c, "aces", "players", "rounds");
    return c.json(list.map(aceJson));
  })
  // Admin writes at the spec's paths (tests/api/admin-guard.test.ts lists them).
  .post("/add", requireAdmin, body(AceAddSchema), async (c) => {
    const { ace, hole } = c.req.valid("json").values;
    const id = await addAce(c.var.db, ace);
    // Those in the league who asked to hear of an ace are told (ADR 49).
    handOver(c.var.db, [notify({ kind: "ace", aceId: id, ...(hole ? { hole } : {}) })]);
    return c.json({ success: true, newId: id }, 201);
  })
  .post("/delete", requireAdmin, body(idBodySchema("ace id")), async (c) => {
    await deleteAce(c.var.db, c.req.valid("json").id);
    return c.json({ success: true });
  });
