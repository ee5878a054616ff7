import { packageProject } from "../../vitest.shared.js";

export default packageProject("testing", { shareModules: true });
