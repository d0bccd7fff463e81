# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcp-dice-roller 0.1.0 (PyPI), file mcp_dice_roller/server.py: the `roll_dice` and
`roll_multiple` tools.  `roll_dice` rolls dice given in the common tabletop notation `XdY`, with
an optional keep-highest or keep-lowest suffix (`kh3`, `kl1`) and an optional `+M`/`-M`
modifier: the notation is lower-cased and stripped, then matched by one regular expression
(digits only, no blanks inside, no `d6` without a count, no sign before the count); the count
must be 1-100, the sides 2-1000 and a kept count no more than the count (a kept count of 0 is
taken as no keep at all, and a modifier of any size passes); the dice are rolled one by one, the
kept ones chosen by sorting, and the answer lists the rolls, the kept and dropped ones, the
subtotal, the modifier (left out when 0) and the total.  `roll_multiple` rolls the same
notation 1-20 times and adds the minimum, maximum, sum and average of the totals, answering the
first error of `roll_dice` as its own.  Refusals come back as results with an `error` (and for
a notation it cannot read, a `hint`), never raised.  MIT License, Copyright (c) 2024 Vandewilly
Silva (mcp-dice-roller); see https://opensource.org/licenses/MIT.  The functions are verbatim,
but for the changes below (checked by comparing ASTs with the wheel's source: each vendored
function, unparsed from both and compared with `ast.dump` after the tools' decorators were set
aside, is equal).

Changes: the tools are registered with `@mcp.tool()` on the MCP SDK's FastMCP, which validates
the arguments by pydantic against the signatures; here they are module-level functions under
`@validate_call` (not reproduced: FastMCP's parsing of JSON text given for a non-string
argument, and its ignoring of unknown arguments, which pydantic refuses here).  FastMCP's
decorator hands the function back unchanged, so `roll_multiple` calls `roll_dice` directly in
the package; here that call goes through `@validate_call` too, with a string already checked.
`random` is a stand-in whose `randint` hands each draw on to the implementation layer.  The
other tools (`roll_dnd_stats`, `flip_coin`, `pick_random`, `roll_percentile`) and `main` are
left out.

The implementation layer is ours: `draw_die` is where the package asks the random number
generator for one die's face (`random.randint(1, sides)`); it receives the bounds and answers a
face from a fixed, repeating sequence, so that a roll is the same every time.  SCHEMA and
MULTIPLE_SCHEMA are what the package's FastMCP derives: `inputSchema` of the tools as the
package's own module registers them, under mcp 1.30.0 (the package asks for mcp >= 1.0.0 and
imports `mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with the package
installed.  They state a string with a default and an integer with a default: no notation, no
bound on the dice, the sides or the number of rolls.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {"notation": {"default": "1d6", "title": "Notation", "type": "string"}},
    "title": "roll_diceArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"notation": " 4D6kh3+2 "}
MULTIPLE_SCHEMA: dict[str, Any] = {
    "properties": {
        "notation": {"default": "1d6", "title": "Notation", "type": "string"},
        "times": {"default": 1, "title": "Times", "type": "integer"},
    },
    "title": "roll_multipleArguments",
    "type": "object",
}
MULTIPLE_EXAMPLE: dict[str, Any] = {"notation": "2d20kl1-1", "times": 3}

#: the faces `draw_die` answers in turn (scaled to the die): one fixed, repeating sequence
_FACES = (0.62, 0.05, 0.91, 0.33, 0.78, 0.17, 0.5)
_draws = [0]


def draw_die(low: int, high: int) -> int:
    """The implementation layer (ours): where the package asks for one die's face between
    `low` and `high`.  Answers the next face of a fixed sequence, scaled to the die."""
    face = _FACES[_draws[0] % len(_FACES)]
    _draws[0] += 1
    return low + int(face * (high - low + 1))


#: stands in for the random module: each draw is handed on to the implementation layer
random = SimpleNamespace(randint=lambda a, b: draw_die(a, b))


@validate_call
def roll_dice(notation: str = "1d6") -> dict:
    """
    Roll dice using standard dice notation (e.g., '2d6', '1d20+5', '3d8-2').

    Args:
        notation: Dice notation string. Examples:
            - '1d6' - Roll one 6-sided die
            - '2d6' - Roll two 6-sided dice
            - '1d20+5' - Roll one 20-sided die and add 5
            - '3d8-2' - Roll three 8-sided dice and subtract 2
            - '4d6kh3' - Roll 4d6, keep highest 3 (D&D stat rolling)
            - '2d20kl1' - Roll 2d20, keep lowest 1 (disadvantage)

    Returns:
        Dictionary with rolls, modifier, and total
    """
    notation = notation.lower().strip()

    # Parse the notation: XdY[kh/kl Z][+/-M]
    pattern = r"^(\d+)d(\d+)(?:(kh|kl)(\d+))?([+-]\d+)?$"
    match = re.match(pattern, notation)

    if not match:
        return {
            "error": f"Invalid dice notation: '{notation}'",
            "hint": "Use format like '2d6', '1d20+5', '4d6kh3'",
        }

    num_dice = int(match.group(1))
    die_sides = int(match.group(2))
    keep_type = match.group(3)  # 'kh' or 'kl' or None
    keep_count = int(match.group(4)) if match.group(4) else None
    modifier = int(match.group(5)) if match.group(5) else 0

    # Validate inputs
    if num_dice < 1 or num_dice > 100:
        return {"error": "Number of dice must be between 1 and 100"}
    if die_sides < 2 or die_sides > 1000:
        return {"error": "Die sides must be between 2 and 1000"}
    if keep_count and keep_count > num_dice:
        return {"error": f"Cannot keep {keep_count} dice when only rolling {num_dice}"}

    # Roll the dice
    rolls = [random.randint(1, die_sides) for _ in range(num_dice)]
    original_rolls = rolls.copy()

    # Apply keep highest/lowest
    kept_rolls = rolls
    dropped_rolls = []
    if keep_type and keep_count:
        sorted_rolls = sorted(rolls, reverse=(keep_type == "kh"))
        kept_rolls = sorted_rolls[:keep_count]
        dropped_rolls = sorted_rolls[keep_count:]

    subtotal = sum(kept_rolls)
    total = subtotal + modifier

    result = {
        "notation": notation,
        "rolls": original_rolls,
        "kept": kept_rolls if keep_type else original_rolls,
        "dropped": dropped_rolls if dropped_rolls else None,
        "subtotal": subtotal,
        "modifier": modifier if modifier != 0 else None,
        "total": total,
    }

    # Clean up None values
    return {k: v for k, v in result.items() if v is not None}


@validate_call
def roll_multiple(notation: str = "1d6", times: int = 1) -> dict:
    """
    Roll the same dice multiple times.

    Args:
        notation: Dice notation (e.g., '1d20+5')
        times: Number of times to roll (1-20)

    Returns:
        Dictionary with all roll results and statistics
    """
    if times < 1 or times > 20:
        return {"error": "Times must be between 1 and 20"}

    results = []
    totals = []

    for i in range(times):
        roll_result = roll_dice(notation)
        if "error" in roll_result:
            return roll_result
        results.append(roll_result)
        totals.append(roll_result["total"])

    return {
        "notation": notation,
        "times": times,
        "results": results,
        "totals": totals,
        "statistics": {
            "min": min(totals),
            "max": max(totals),
            "sum": sum(totals),
            "average": round(sum(totals) / len(totals), 2),
        },
    }
