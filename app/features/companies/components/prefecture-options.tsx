/** A prefecture as the forms offer it (the prefectures table: 北海道 … 沖縄県, each in its region). */
export type Prefecture = { id: number; name: string; region: string };

/** The prefectures grouped by region, the regions and the prefectures in the order given (by id: north to south). */
export function byRegion<P extends Prefecture>(prefectures: readonly P[]): Array<{ region: string; prefectures: P[] }> {
  const groups = new Map<string, P[]>();
  for (const prefecture of prefectures) {
    const group = groups.get(prefecture.region);
    if (group) group.push(prefecture);
    else groups.set(prefecture.region, [prefecture]);
  }
  return [...groups].map(([region, members]) => ({ region, prefectures: members }));
}

/** A select's 47 prefectures, one `<optgroup>` per region (北海道・東北, 関東, …), valued by id. */
export function PrefectureOptions({ prefectures }: { prefectures: readonly Prefecture[] }) {
  return byRegion(prefectures).map(({ region, prefectures: members }) => (
    <optgroup key={region} label={region}>
      {members.map((prefecture) => (
        <option key={prefecture.id} value={String(prefecture.id)}>
          {prefecture.name}
        </option>
      ))}
    </optgroup>
  ));
}
