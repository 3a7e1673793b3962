"""BeanShell texts for VASSAL expressions, built from data.

VASSAL binds each property an expression names to its value: "true"/"false" become
booleans, digits become ints, anything else a String (ExpressionInterpreter.evaluate).
Lookups by place are membership tests in a literal list (``",A1,B2,".indexOf(...)``), which
BeanShell runs on a Java String whatever the property's type; ``Sum``, ``Count`` and
``SumLocation`` add up properties of other pieces and read integers only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from compiler.vassal.literals import literal


def text(value: str) -> str:
    """A BeanShell string literal of ``value``, safe at any depth (compiler/vassal/literals.py)."""
    return literal(value)


def member(variable: str, items: Iterable[str]) -> str:
    """True when ``variable`` (an expression) is one of ``items`` (none holds a comma)."""
    listed = sorted(set(items))
    if not listed:
        return "false"
    return f'({text("," + ",".join(listed) + ",")}.indexOf("," + {variable} + ",") >= 0)'


def choose(cases: Sequence[tuple[str, str]], otherwise: str) -> str:
    """``cases`` as nested conditionals: the value of the first condition that holds."""
    result = otherwise
    for condition, value in reversed(cases):
        result = f"({condition} ? {value} : {result})"
    return result


def sum_of_lookups(variable: str, values: Mapping[int, Iterable[str]]) -> str:
    """The number a place has in ``values`` (number -> places), 0 elsewhere, as one expression."""
    terms = [
        f"({member(variable, places)} ? {number} : 0)" for number, places in sorted(values.items()) if number
    ]
    return " + ".join(terms) if terms else "0"


def braces(expression: str) -> str:
    """An expression as VASSAL stores it. VASSAL takes ``{"..."}`` (one string literal alone)
    for a plain string, its escapes unread (BeanShellExpression.createExpression): a lone
    literal is put in parentheses so that BeanShell reads it."""
    stripped = expression.strip()
    if (
        len(stripped) > 1
        and stripped[0] == stripped[-1] == '"'
        and stripped.find('"', 1) == len(stripped) - 1
    ):
        expression = f"({stripped})"
    return "{" + expression + "}"


def matching(conditions: Iterable[str]) -> str:
    """A Sum/Count selection: the conditions joined, as a quoted expression in braces, where
    ``$Name$`` is the value of the evaluating piece's property (VASSAL substitutes it as text
    first, so a condition names in ``$...$`` only properties whose values wgc writes as whole
    numbers or true/false: SUBSTITUTED)."""
    return text("{" + " && ".join(conditions) + "}")
