export { createEventGateway, type EventGateway, type EventGatewayOptions } from "./event-gateway.js";
export { EventProjector } from "./event-projector.js";
