import { useStore } from "@nanostores/react";
import { $owners } from "./store";

/** An `<option>` per active staff member, by name: the owner menu of a lead and the list's owner filter. */
export function StaffOptions() {
  const { data: owners } = useStore($owners);
  return owners?.map((person) => (
    <option key={person.id} value={person.id}>
      {person.displayName}
    </option>
  ));
}
