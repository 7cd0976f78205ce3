// Syntax colouring for our assemblers' source (py/retroscope/asm/syntax.py's
// profiles): a CodeMirror stream mode per ISA. Comments, labels, directives,
// mnemonics, registers, numbers and strings, spelled as our assemblers read
// them: MOS (6502, ca65-like: `;` comments, `.byte` directives, `$FF`/`%1010`),
// Zilog (Z80: also a bare column-1 label, `0FFh`/`0xFF`, `db`/`equ`), TI
// Editor/Assembler (TMS9900: fields split at spaces, `*` in column 1 a comment
// line, whatever follows the operand field a comment, `>FF`, R0-R15).

const MOS = {
  comment: ";", labels: "colon", hex: /^\$[0-9a-f]+/i, bin: /^%[01]+/,
  directives: /^\.[a-z]+/i, registers: /^[axy]\b/i, quotes: "\"'",
};
const ZILOG = {
  comment: ";", labels: "colon-or-col1", hex: /^(0x[0-9a-f]+|\$[0-9a-f]+|[0-9][0-9a-f]*h\b)/i,
  bin: /^([01]+b\b|%[01]+)/i,
  directives: /^\.?(org|db|defb|defm|dw|defw|ds|defs|equ|include|assert|align|end)\b/i,
  registers: /^(ix|iy|sp|af'?|bc|de|hl|[abcdehlir])\b/i, quotes: "\"'",
};
const TI = {
  comment: "", labels: "col1", hex: /^>[0-9a-f]+/i, bin: null,
  directives: /^(aorg|rorg|dorg|data|byte|text|bss|bes|equ|even|end|copy|def|ref|idt|titl|assert)\b/i,
  registers: /^r(1[0-5]|[0-9])\b/i, quotes: "'",
};
const PROFILES = { 6502: MOS, z80: ZILOG, tms9900: TI };

const NAME = /^[A-Za-z_.@][\w.@]*'?/;

/** The stream mode for `isa` ("6502", "z80", "tms9900"). */
export function assemblerMode(isa) {
  const p = PROFILES[isa];
  if (!p) throw new Error(`no assembler syntax for ${isa}`);
  const ti = p === TI;

  function string(stream, quote) {
    while (!stream.eol()) {
      const c = stream.next();
      if (c === "\\" && !ti) stream.next();
      else if (c === quote) {
        if (ti && stream.peek() === quote) stream.next();  // '' stands for '
        else break;
      }
    }
    return "string";
  }

  // An operand's token (the part after the mnemonic).
  function operand(stream) {
    const c = stream.peek();
    if (p.quotes.includes(c)) { stream.next(); return string(stream, c); }
    if (stream.match(p.hex) || (p.bin && stream.match(p.bin)) || stream.match(/^[0-9]+/)) return "number";
    if (stream.match(p.registers)) return "atom";
    if (stream.match(NAME)) return "variableName";
    stream.next();
    return c === "#" || c === "@" || c === "*" ? "operator" : "punctuation";
  }

  return {
    name: `asm-${isa}`,
    startState: () => ({ field: 0 }),  // 0 label, 1 mnemonic, 2 operands, 3 comment
    token(stream, state) {
      if (stream.sol()) {
        state.field = 0;
        if (ti && stream.peek() === "*") { stream.skipToEnd(); return "comment"; }
        // A bare name in column 1 is a label (Zilog, TI).
        if (p.labels !== "colon" && !/\s/.test(stream.peek() ?? " ") && stream.match(NAME)) {
          stream.eat(":");
          state.field = 1;
          return "labelName";
        }
      }
      if (stream.eatSpace()) {
        if (ti && state.field === 2) state.field = 3;  // the operand field ended
        return null;
      }
      if (state.field === 3) { stream.skipToEnd(); return "comment"; }
      if (p.comment && stream.peek() === p.comment) { stream.skipToEnd(); return "comment"; }
      if (state.field <= 1) {
        if (state.field === 0 && stream.match(/^[A-Za-z_.@][\w.@]*:/)) { state.field = 1; return "labelName"; }
        if (stream.match(p.directives)) { state.field = 2; return "meta"; }
        if (stream.match(NAME)) { state.field = 2; return "keyword"; }
        state.field = 2;
      }
      return operand(stream);
    },
    languageData: p.comment ? { commentTokens: { line: p.comment } } : {},
  };
}
