import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { getSightClient } from "./state/sightPool";
import { App } from "./ui/App";
import "./ui/app.css";

// The sight worker (Rapier and its WebAssembly) starts now, loading in parallel with the first frame.
getSightClient();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
