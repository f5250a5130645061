/**
 * One JSON line per event, for whatever collects the server's output. Only ids and reasons go in:
 * never a visitor's name, phone, e-mail, address or message.
 */
export type LogLevel = "info" | "warn" | "error";

export type LogFields = {
  leadId?: string;
  reason?: string;
  /** Small counts and statuses only (attempt numbers, HTTP statuses, row counts). */
  [detail: string]: string | number | boolean | undefined;
};

export type LogLine = { time: string; level: LogLevel; event: string } & LogFields;

type Sink = (line: string, level: LogLevel) => void;

const defaultSink: Sink = (line, level) => (level === "info" ? console.log : console.error)(line);

let sink: Sink = defaultSink;

export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  const line: LogLine = { time: new Date().toISOString(), level, event, ...fields };
  sink(JSON.stringify(line), level);
}

/** Tests capture the lines; returns a function that restores the real output. */
export function captureLogs(lines: LogLine[]): () => void {
  sink = (line) => lines.push(JSON.parse(line));
  return () => {
    sink = defaultSink;
  };
}
