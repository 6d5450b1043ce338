/** The options of a select whose values are shown as they are (statuses, priorities). */

/** One `<option>` per value, its text the value. */
export function OptionList({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}
