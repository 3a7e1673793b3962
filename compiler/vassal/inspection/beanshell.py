"""A small part of BeanShell, enough to decide statically whether a VASSAL expression fails.

VASSAL evaluates `{...}` expressions with BeanShell after binding every property name the
expression uses to the property's value, wrapped as ExpressionInterpreter.setVar wraps it:
"true"/"false" become booleans, text made only of "+-.0123456789" an int (32 bits), anything
else stays a string. This module evaluates the same expressions over values inspect knows,
with Java's semantics for what it implements: int arithmetic that wraps, division towards
zero, String methods (substring, indexOf, ...) with Java's bounds checks. A Java exception
there is what VASSAL reports as "Expression evaluation error" (JavaError). Whatever is outside
this subset (VASSAL's functions, floats, a property whose value inspect cannot know) raises
Undecidable: the caller then says nothing rather than guess.

An integer literal is read as BeanShell's parser reads it (numbers.bsh_literal): one it
cannot read fails the whole expression, every time it is evaluated, as VASSAL's
ExpressionInterpreter then throws on construction. Trees are kept shallow and bounded
(a chain of one operator is one node; MAX_HEIGHT), so that evaluating them, even through
Calculated Properties that read one another, stays far inside Python's stack.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from compiler.javatext.numbers import bsh_literal, parse_int, wrap_int

Value = str | int | bool
Lookup = Callable[[str], Value]  # a property's value as an expression sees it


class Undecidable(Exception):
    """The expression uses something inspect does not evaluate."""


class JavaError(Exception):
    """What the Java code VASSAL runs would throw (its message names the exception)."""


class BadLiteral(Exception):
    """A literal BeanShell's parser refuses: the expression fails wherever it is evaluated."""


TOKEN = re.compile(
    r"""\s*(?:
      (?P<number>[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?[fFdDlL]?)
    | (?P<string>"(?:[^"\\]|\\.)*")
    | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
    | (?P<op>&&|\|\||==|!=|<=|>=|[-+*/%<>!?:().,])
    )""",
    re.VERBOSE,
)
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", '"': '"', "\\": "\\", "'": "'"}
STRING_ESCAPE = re.compile(r"\\([0-9]{1,3}|.)", re.DOTALL)
MAX_TOKENS = 400  # longer expressions are not judged (their trees could nest past Python's stack)
MAX_NESTING = 40  # parentheses, ?: and unary operators inside one another
MAX_HEIGHT = 48  # nodes above one another in a tree (method calls on calls, nested chains)
MAX_STRING = 100_000  # characters of one string an expression builds (real ones: tens)
MAX_TEXT_WORK = 20_000_000  # characters built by all the expressions a meter counts
BINARY = [("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%")]


@dataclass(frozen=True)
class Node:
    """kind: "lit", "var", "unary", "cond", "call", "fail" (a literal BeanShell refuses: value is
    the message) or "binary": a chain of operators of one precedence, ``operators`` between
    the ``args``, left to right (`a + b - c` is one node)."""

    kind: str
    value: Value | None = None
    args: tuple[Node, ...] = ()
    height: int = 1
    operators: tuple[str, ...] = ()


def tokens_of(text: str) -> list[tuple[str, str]]:
    found, position = [], 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if match is None or match.end() == position:
            if text[position:].strip() == "":
                break
            raise Undecidable(f"cannot read {text[position : position + 20]!r}")
        kind = match.lastgroup or ""
        found.append((kind, match.group(kind)))
        position = match.end()
    return found


class Parser:
    """Precedence climbing over the tokens of one expression."""

    def __init__(self, text: str) -> None:
        self.tokens = tokens_of(text)
        if len(self.tokens) > MAX_TOKENS:
            raise Undecidable("a long expression")
        self.index = 0
        self.depth = 0

    def make(
        self, kind: str, value: Value | None, args: tuple[Node, ...] = (), operators: tuple[str, ...] = ()
    ) -> Node:
        height = 1 + max((arg.height for arg in args), default=0)
        if height > MAX_HEIGHT:
            raise Undecidable("an expression nested too deep")
        return Node(kind, value, args, height, operators)

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise Undecidable("an expression nested too deep")

    def parse(self) -> Node:
        try:
            node = self.conditional()
        except BadLiteral as problem:
            return Node("fail", str(problem))
        if self.index != len(self.tokens):
            raise Undecidable("statements, or more than one expression")
        return node

    def peek(self) -> str | None:
        return self.tokens[self.index][1] if self.index < len(self.tokens) else None

    def take(self, expected: str | None = None) -> tuple[str, str]:
        if self.index >= len(self.tokens) or (
            expected is not None and self.tokens[self.index][1] != expected
        ):
            raise Undecidable(f"expected {expected or 'more'}")
        self.index += 1
        return self.tokens[self.index - 1]

    def conditional(self) -> Node:
        self.nest()
        test = self.binary(0)
        if self.peek() != "?":
            self.depth -= 1
            return test
        self.take("?")
        then = self.conditional()
        self.take(":")
        node = self.make("cond", None, (test, then, self.conditional()))
        self.depth -= 1
        return node

    def binary(self, level: int) -> Node:
        if level == len(BINARY):
            return self.unary()
        operands = [self.binary(level + 1)]
        operators: list[str] = []
        while self.peek() in BINARY[level] and self.tokens[self.index][0] == "op":
            operators.append(self.take()[1])
            operands.append(self.binary(level + 1))
        return self.make("binary", None, tuple(operands), tuple(operators)) if operators else operands[0]

    def unary(self) -> Node:
        if self.peek() in ("!", "-", "+") and self.tokens[self.index][0] == "op":
            self.nest()
            operator = self.take()[1]
            node = self.make("unary", operator, (self.unary(),))
            self.depth -= 1
            return node
        return self.postfix(self.primary())

    def postfix(self, node: Node) -> Node:
        while self.peek() == ".":
            self.take(".")
            kind, name = self.take()
            if kind != "name" or self.peek() != "(":
                raise Undecidable("field access")
            node = self.make("call", name, (node, *self.arguments()))
        return node

    def arguments(self) -> tuple[Node, ...]:
        self.take("(")
        found: list[Node] = []
        while self.peek() != ")":
            found.append(self.conditional())
            if self.peek() != ")":
                self.take(",")
        self.take(")")
        return tuple(found)

    def primary(self) -> Node:
        kind, text = self.take()
        if kind == "number":
            return self.make("lit", _literal(text))
        if kind == "string":
            return self.make("lit", string_value(text[1:-1]))
        if kind == "name":
            if text in ("true", "false"):
                return self.make("lit", text == "true")
            if self.peek() == "(":
                raise Undecidable(f"function {text}()")
            return self.make("var", text)
        if text == "(":
            node = self.conditional()
            self.take(")")
            return node
        raise Undecidable(f"unexpected {text!r}")


def _literal(text: str) -> int:
    """An int literal's value (BeanShell's Literal()); BadLiteral where its parser throws."""
    if text[-1] in "lL":
        if bsh_literal(text[:-1], 64) is None:
            raise BadLiteral(f"bsh.ParseException: Number too big for long type: {text[:-1][:40]}")
        raise Undecidable("a long literal")
    if any(c in text for c in ".eEfFdD"):
        raise Undecidable("a number that is not an int")
    value = bsh_literal(text)
    if value is None:
        raise BadLiteral(f"bsh.ParseException: Number too big for integer type: {text[:40]}")
    return value


def string_value(body: str) -> str:
    """A string literal's value (its text between the quotes), as BSHLiteral.stringSetup reads
    it: a backslash and up to three digits is an octal escape, the others as Java's."""
    return STRING_ESCAPE.sub(_escape, _unicode_escapes(body))


def _escape(match: re.Match[str]) -> str:
    code = match.group(1)
    if code[0].isdigit():
        if any(digit in "89" for digit in code):
            raise Undecidable("an octal escape with 8 or 9")
        return chr(int(code, 8))
    return ESCAPES.get(code, code)


UNICODE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u+([0-9a-fA-F]{4})")


def _unicode_escapes(text: str) -> str:
    """Java reads a backslash, one or more 'u' and four hex digits as that character before
    anything else, unless the backslash is itself escaped (an odd run of backslashes)."""
    return UNICODE_ESCAPE.sub(lambda m: m.group(1) + chr(int(m.group(2), 16)), text)


def parse(text: str) -> Node:
    """The expression's tree; Undecidable outside the subset. A literal BeanShell refuses
    makes a "fail" tree, which throws when evaluated."""
    return Parser(text).parse()


def names_in(node: Node) -> set[str]:
    found = {str(node.value)} if node.kind == "var" else set()
    for arg in node.args:
        found |= names_in(arg)
    return found


def wrap(value: str) -> Value:
    """ExpressionInterpreter.setVar's wrapping of a property value."""
    if value in ("true", "false"):
        return value == "true"
    if value == "" or any(c not in "+-.0123456789" for c in value):
        return value
    number = parse_int(value)
    if number is not None:
        return number
    if re.fullmatch(r"[+-]?[0-9]+", value):
        return value  # a large integer (a PieceUID) stays a string
    if re.fullmatch(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)", value):
        raise Undecidable(f"a float value {value[:40]!r}")
    return value  # Float.parseFloat refuses it too: a string


def java_string(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class TextMeter:
    """The text evaluations build, counted: a string past MAX_STRING characters, or more than
    MAX_TEXT_WORK characters built in all (one meter may serve a whole inspection), is not
    judged. Counting evaluations is not enough: Calculated Properties that each join the next
    one 150 times, five deep, are computed once each and still build 150**4 characters."""

    def __init__(self, limit: int | None = None) -> None:
        self.left = MAX_TEXT_WORK if limit is None else limit

    def spend(self, characters: int) -> None:
        if characters > MAX_STRING:
            raise Undecidable(f"a string of more than {MAX_STRING:,} characters")
        self.left -= characters
        if self.left < 0:
            raise Undecidable(f"more than {MAX_TEXT_WORK:,} characters of text built")


def evaluate(node: Node, lookup: Callable[[str], Value], meter: TextMeter | None = None) -> Value:
    """The value of the expression; JavaError when Java would throw; Undecidable past the
    meter's bounds (a fresh meter when none is given)."""
    return _evaluate(node, lookup, meter if meter is not None else TextMeter())


def _evaluate(node: Node, lookup: Callable[[str], Value], meter: TextMeter) -> Value:
    if node.kind == "lit" and node.value is not None:
        return node.value
    if node.kind == "var":
        return lookup(str(node.value))
    if node.kind == "cond":
        test = _evaluate(node.args[0], lookup, meter)
        if not isinstance(test, bool):
            raise Undecidable("a condition that is not a boolean")
        return _evaluate(node.args[1] if test else node.args[2], lookup, meter)
    if node.kind == "unary":
        return _unary(str(node.value), _evaluate(node.args[0], lookup, meter))
    if node.kind == "binary":
        return _chain(node, lookup, meter)
    if node.kind == "fail":
        raise JavaError(str(node.value))
    target = _evaluate(node.args[0], lookup, meter)
    result = _call(str(node.value), target, [_evaluate(a, lookup, meter) for a in node.args[1:]])
    if isinstance(result, str):
        meter.spend(len(result))
    return result


def _unary(operator: str, value: Value) -> Value:
    if operator == "!" and isinstance(value, bool):
        return not value
    if operator in "-+" and isinstance(value, int) and not isinstance(value, bool):
        return _int32(-value if operator == "-" else value)
    raise Undecidable(f"{operator} on {type(value).__name__}")


def _chain(node: Node, lookup: Callable[[str], Value], meter: TextMeter) -> Value:
    """Operators of one precedence, left to right (left-associative, as in Java)."""
    value = _evaluate(node.args[0], lookup, meter)
    for operator, operand in zip(node.operators, node.args[1:], strict=True):
        value = _binary(operator, value, operand, lookup, meter)
    return value


def _binary(
    operator: str, left: Value, right_node: Node, lookup: Callable[[str], Value], meter: TextMeter
) -> Value:
    if operator in ("&&", "||"):
        if not isinstance(left, bool):
            raise Undecidable("&& or || on a value that is not a boolean")
        if left == (operator == "||"):
            return left
        right = _evaluate(right_node, lookup, meter)
        if not isinstance(right, bool):
            raise Undecidable("&& or || on a value that is not a boolean")
        return right
    right = _evaluate(right_node, lookup, meter)
    if operator == "+" and (isinstance(left, str) or isinstance(right, str)):
        joined = java_string(left), java_string(right)
        meter.spend(len(joined[0]) + len(joined[1]))
        return joined[0] + joined[1]
    if operator in ("==", "!="):
        left, right = _comparable(left, right)
        return (left == right) == (operator == "==")
    if not (_is_int(left) and _is_int(right)):
        raise Undecidable(f"{operator} on {type(left).__name__} and {type(right).__name__}")
    return _arithmetic(operator, int(left), int(right))


def _comparable(left: Value, right: Value) -> tuple[Value, Value]:
    """VASSAL's BeanShell (BSHBinaryExpression) compares an int with "" as with 0, and any
    other mix (a number or boolean with a string, a number with a boolean, which it retries as
    strings) as the two strings; same types compare as they are."""
    if type(left) is type(right):
        return left, right
    if _is_int(left) and right == "":
        return left, 0
    if _is_int(right) and left == "":
        return 0, right
    return java_string(left), java_string(right)


def _arithmetic(operator: str, left: int, right: int) -> Value:
    if operator in ("<", ">", "<=", ">="):
        return {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[operator]
    if operator in ("/", "%") and right == 0:
        raise JavaError("java.lang.ArithmeticException: / by zero")
    if operator == "/":
        return _int32(abs(left) // abs(right) * (1 if (left < 0) == (right < 0) else -1))
    if operator == "%":
        return _int32(abs(left) % abs(right) * (1 if left >= 0 else -1))
    return _int32({"+": left + right, "-": left - right, "*": left * right}[operator])


def _call(method: str, target: Value, args: list[Value]) -> Value:
    """java.lang.String's methods that expressions use most, with their exceptions."""
    if not isinstance(target, str) or any(ord(c) > 0xFFFF for c in target):
        raise Undecidable(f"{method}() on a value that is not a plain string")
    handler = STRING_METHODS.get((method, tuple(type(a).__name__ for a in args)))
    if handler is None:
        raise Undecidable(f"String.{method} with these arguments")
    return handler(target, *args)


def _substring(text: str, begin: int, end: int | None = None) -> str:
    stop = len(text) if end is None else end
    if begin < 0 or stop > len(text) or begin > stop:
        raise JavaError(
            f"java.lang.StringIndexOutOfBoundsException: begin {begin}, end {stop}, length {len(text)}"
        )
    return text[begin:stop]


def _index_of(text: str, part: str, start: int = 0) -> int:
    start = max(start, 0)
    if start >= len(text):
        return len(text) if part == "" else -1
    return text.find(part, start)


STRING_METHODS: dict[tuple[str, tuple[str, ...]], Callable[..., Value]] = {
    ("substring", ("int",)): _substring,
    ("substring", ("int", "int")): _substring,
    ("indexOf", ("str",)): _index_of,
    ("indexOf", ("str", "int")): _index_of,
    ("lastIndexOf", ("str",)): lambda t, p: t.rfind(p),
    ("length", ()): len,
    ("isEmpty", ()): lambda t: t == "",
    ("contains", ("str",)): lambda t, p: p in t,
    ("startsWith", ("str",)): lambda t, p: t.startswith(p),
    ("endsWith", ("str",)): lambda t, p: t.endswith(p),
    ("equals", ("str",)): lambda t, p: t == p,
    ("trim", ()): lambda t: t.strip("".join(chr(c) for c in range(33))),
    ("concat", ("str",)): lambda t, p: t + p,
}


def _is_int(value: Value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int32(number: int) -> int:
    return wrap_int(number)
