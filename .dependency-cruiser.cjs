// The layering rules of docs/contributing.md as a check that fails `npm run lint` (dependency-cruiser).
// Packages: each imports only the packages below it. The reference server: floors from the kernel up
// to the file that assembles it; each floor imports only floors below it.

/** What each package's `src` may import of the other packages (tests may use any as dev dependencies). */
const PACKAGES = {
  kit: [],
  protocol: ["kit"],
  rest: ["kit", "protocol"],
  gateway: ["kit", "protocol", "rest"],
  framework: ["kit", "protocol", "rest", "gateway"],
  cluster: ["kit", "protocol", "rest", "gateway", "framework"],
  server: ["kit", "protocol"],
  testing: ["kit", "protocol", "server"],
  cli: ["kit", "protocol", "rest", "gateway", "framework", "server"],
  "plugin-mod-log": ["framework"],
};

const SERVER = "^packages/server/src/";

/**
 * The server's floors, lowest first (paths under packages/server/src). A file imports only its own
 * floor and the floors below. Features are floors of their own in this order, so a feature imports
 * only the features before it.
 */
const FLOORS = [
  { name: "kernel", paths: ["kernel/"] },
  { name: "gateway", paths: ["gateway/"] },
  { name: "inspector", paths: ["inspector/"] },
  { name: "http", paths: ["http/"] },
  ...[
    "roles",
    "channels",
    "apps",
    "members",
    "guilds",
    "automod",
    "messages",
    "commands",
    "interactions",
    "webhooks",
  ].map((feature) => ({ name: `features/${feature}`, paths: [`features/${feature}/`] })),
  { name: "events", paths: ["events/"] },
  { name: "dev API", paths: ["dev-api/", "seed/", "observe/"] },
  { name: "assembly", paths: ["server/", "start-server\\.ts$", "index\\.ts$"] },
];

const floorPath = (floor) => `${SERVER}(${floor.paths.join("|")})`;

const packageRules = Object.entries(PACKAGES).map(([name, allowed]) => ({
  name: `package-${name}-imports-down`,
  comment: `${name}/src imports only ${allowed.join(", ") || "no other package"}`,
  severity: "error",
  from: { path: `^packages/${name}/(src|console/src)/` },
  to: {
    path: "^packages/([^/]+)/",
    pathNot: [`^packages/(${[name, ...allowed].join("|")})/`],
  },
}));

const floorRules = FLOORS.slice(0, -1).map((floor, i) => ({
  name: `server-${floor.name.replace("/", "-")}-imports-down`,
  comment: `packages/server/src/${floor.paths[0]} imports only floors below it (${FLOORS.slice(0, i)
    .map((f) => f.name)
    .join(", ")})`,
  severity: "error",
  from: { path: floorPath(floor) },
  to: { path: FLOORS.slice(i + 1).map(floorPath) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no circle of files in any package's src (the server's console included)",
      severity: "error",
      from: { path: "^packages/[^/]+/(src|console/src)/" },
      to: { circular: true },
    },
    {
      name: "server-floor-known",
      comment: "every file of packages/server/src belongs to a floor of .dependency-cruiser.cjs",
      severity: "error",
      from: { path: SERVER, pathNot: FLOORS.map(floorPath) },
      to: {},
    },
    ...packageRules,
    ...floorRules,
  ],
  options: {
    includeOnly: "^packages/[^/]+/(src|console/src)/",
    exclude: { path: "(^|/)(dist|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["source", "import", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
