import { singleton } from "@chatbot/framework";

/** One warning: who gave it, and why. */
export interface Warning {
  readonly by: string;
  readonly reason: string;
}

/** The warnings given in each server, by member: a small store in memory, one for the whole bot. */
@singleton()
export class WarningStore {
  readonly #warnings = new Map<string, Warning[]>();

  /** Adds a warning and answers how many the member now has in that server. */
  add(guildId: string, memberId: string, warning: Warning): number {
    const key = `${guildId}:${memberId}`;
    const list = [...(this.#warnings.get(key) ?? []), warning];
    this.#warnings.set(key, list);
    return list.length;
  }

  /** The member's warnings in that server, oldest first. */
  of(guildId: string, memberId: string): readonly Warning[] {
    return this.#warnings.get(`${guildId}:${memberId}`) ?? [];
  }
}
