import { divisionChoices } from "~/lib/players/divisions";

/**
 * The options of every division select: the league's divisions first (the settings'
 * list), then the rest of the PDGA list under "Other division". Native option groups, so
 * a keyboard and a screen reader reach both and read the group each option is in.
 */
export function DivisionOptions({ league }: { league: readonly string[] }) {
  const { league: ours, other } = divisionChoices(league);
  const groups = [
    { label: "League divisions", list: ours },
    { label: "Other division", list: other },
  ];
  return groups.map(({ label, list }) => (
    <optgroup key={label} label={label}>
      {list.map((d) => (
        <option key={d} value={d}>
          {d}
        </option>
      ))}
    </optgroup>
  ));
}
