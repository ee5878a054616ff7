// @chatbot/kit: the small runtime pieces that every layer of the toolkit shares. It depends on no
// other package of the toolkit, so the protocol, the server, the SDK and the tools can all import it.
export {};
