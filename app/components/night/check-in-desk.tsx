import { useRef, useState } from "react";
import type { NightEntry } from "~/.server/services/night/night-screen";
import type { PlayerChoice } from "~/components/entries/player-picker";
import { CheckboxFormField, FormField } from "~/components/ui/form-field";
import { MAX_SEARCH_LENGTH } from "~/lib/players/constants";
import { deskList } from "~/lib/night/night-desk";
import { normalizeName } from "~/lib/players/name-match";
import { DeskPlayers } from "./desk-players";
import { NightEntries } from "./night-entries";
import { WalkUp, type WalkUpPrice } from "./walk-up";

const sameName = (a: string, b: string) => normalizeName(a) === normalizeName(b);

/** How many of the latest answers the desk keeps in view. */
const DONE_SHOWN = 5;

/**
 * The night's check-in desk (ADR 38): one search box for the round's players and the
 * league's, a "not checked in" filter, what was just done, the walk-up form where the
 * thumb is, then the players. After each check-in or walk-up the box empties and takes the
 * focus again, so the next name is typed at once and no scrolling is needed.
 */
export function CheckInDesk({
  entries,
  divisions,
  price,
  closed,
}: {
  entries: NightEntry[];
  divisions: string[];
  price: WalkUpPrice;
  closed: boolean;
}) {
  const [text, setText] = useState("");
  const [notCheckedIn, setNotCheckedIn] = useState(false);
  const [kept, setKept] = useState<number[]>([]);
  const [done, setDone] = useState<{ seq: number; text: string }[]>([]);
  const [choice, setChoice] = useState<PlayerChoice | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const again = () => {
    setText("");
    search.current?.focus();
  };
  const onDone = (message: string) => {
    setDone((list) => [{ seq: (list[0]?.seq ?? 0) + 1, text: message }, ...list].slice(0, DONE_SHOWN));
    setChoice(null);
    again();
  };
  const shown = deskList(entries, { text, notCheckedIn, kept });
  const waiting = entries.filter((e) => e.checkedInAt === null).length;
  return (
    <section id="desk" aria-labelledby="desk-title" className="scroll-mt-4 space-y-3 print:hidden">
      <h2 id="desk-title" className="font-display text-2xl font-semibold tracking-wide">
        Check in
      </h2>
      <FormField
        ref={search}
        label="Find a player"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setKept([]);
        }}
        hint="This round's players, then the league's: a walk-up in one tap."
      />
      <CheckboxFormField
        label={`Only those not checked in (${waiting})`}
        checked={notCheckedIn}
        onChange={(e) => {
          setNotCheckedIn(e.target.checked);
          setKept([]);
        }}
      />
      <div role="status" aria-label="Done just now" className={done.length ? "rounded-lg border border-brand-200 bg-brand-50 p-2" : ""}>
        {done.length ? (
          <>
            <p className="text-xs font-medium uppercase tracking-wide text-muted">Done just now</p>
            <ul className="text-sm">
              {done.map((m, i) => (
                <li key={m.seq} className={i === 0 ? "font-semibold" : "text-muted"}>
                  {m.text}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {choice ? (
        <WalkUp
          choice={choice}
          divisions={divisions}
          price={price}
          closed={closed}
          onDone={onDone}
          onClose={() => {
            setChoice(null);
            search.current?.focus();
          }}
        />
      ) : null}
      <NightEntries
        entries={shown}
        total={entries.length}
        closed={closed}
        onDone={onDone}
        keep={(id) => setKept((list) => (list.includes(id) ? list : [...list, id]))}
      />
      <DeskPlayers
        text={text}
        entered={entries.map((e) => e.playerId)}
        inRound={shown.some((e) => sameName(e.name, text))}
        price={price}
        closed={closed}
        onChoose={setChoice}
        onDone={onDone}
      />
    </section>
  );
}
