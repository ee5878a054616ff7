import { render } from "preact";
import { KeyGate } from "./key-gate";
import "./console.css";

render(<KeyGate />, document.getElementById("app")!);
