/**
 * JSON text of a record's wire object, remembered per record. Records are never changed in place
 * (an update puts a new object), so the text stays right for as long as the record lives, and the
 * WeakMap lets it go with the record. For objects that are the same for every viewer (a user, an
 * application); viewer-dependent objects have caches of their own (`message-json.ts`).
 */
export class RecordJson<R extends object> {
  private readonly cache = new WeakMap<R, string>();

  constructor(private readonly serialize: (record: R) => unknown) {}

  /** The JSON text of `serialize(record)`. */
  of(record: R): string {
    let text = this.cache.get(record);
    if (text === undefined) {
      text = JSON.stringify(this.serialize(record));
      this.cache.set(record, text);
    }
    return text;
  }
}
