import {
  ALWAYS_SENT_EVENTS,
  type GatewayEventName,
  INTENT_EVENTS,
  INTENTS,
  type Intent,
  intentForEvent,
  isIntent,
  PRIVILEGED_INTENTS,
} from "@chatbot/protocol";

/**
 * The intents a connection receives in one server: those it requested that the install granted,
 * in the interface's order. Privileged intents count only with privileged access (an install's
 * effective intents already leave them out without it; this keeps the rule true for any input).
 */
export function effectiveIntents(
  requested: readonly Intent[],
  granted: readonly Intent[],
  privilegedAccess: boolean,
): Intent[] {
  return INTENTS.filter(
    (intent) =>
      requested.includes(intent) &&
      granted.includes(intent) &&
      (privilegedAccess || !PRIVILEGED_INTENTS.includes(intent)),
  );
}

/** Whether a connection with `intents` (its effective ones in the event's server) receives `event`. */
export function intentsAllowEvent(intents: readonly Intent[], event: GatewayEventName): boolean {
  const intent = intentForEvent(event);
  return intent === null || intents.includes(intent);
}

/** Every event that `intents` let through: the always-sent ones plus those each intent gates. */
export function eventsForIntents(intents: readonly Intent[]): Set<GatewayEventName> {
  const events = new Set<GatewayEventName>(ALWAYS_SENT_EVENTS);
  for (const intent of intents) for (const event of INTENT_EVENTS[intent]) events.add(event);
  return events;
}

/** Requested intent names, each once, in the order given; the first unknown name is reported. */
export function readRequestedIntents(
  names: readonly string[],
): { readonly ok: true; readonly intents: Intent[] } | { readonly ok: false; readonly unknown: string } {
  const intents: Intent[] = [];
  for (const name of names) {
    if (!isIntent(name)) return { ok: false, unknown: name };
    if (!intents.includes(name)) intents.push(name);
  }
  return { ok: true, intents };
}
