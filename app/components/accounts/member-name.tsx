import { td } from "~/components/ui/table";

/** A member's cell in the league's tables of people: the name, the email under it. */
export function MemberNameCell({ name, email }: { name: string; email: string }) {
  return (
    <td className={td}>
      <span className="font-medium">{name}</span>
      <span className="block break-all text-sm text-muted">{email}</span>
    </td>
  );
}
