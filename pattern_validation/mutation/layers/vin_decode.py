# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from vin-decode-mcp 0.1.0 (PyPI), file vin_decode_mcp/server.py: the `decode_vin` tool
and `get_db`; file vin_decode_mcp/database.py: `VinDatabase` (its `__init__`, `conn`,
`decode_vin`, `_vehicle_type_for`, `_model_year_from_vin`, `_resolve_wmi` and
`_resolve_model`), `_YEAR_CODES` and `_DEFAULT_DB_PATH`.  `decode_vin` decodes a Vehicle
Identification Number against a curated copy of NHTSA's vPIC database: the VIN is stripped and
upper-cased, and one shorter than 11 characters is answered as `invalid_vin` (nothing else is
refused: `I`, `O`, `Q`, punctuation, more than 17 characters and a wrong check digit pass,
and the check digit is never computed); the model year is `model_year` when given (any
integer) or read from position 10 by a 30-letter code table (`I`, `O`, `Q`, `U`, `Z` and `0`
unknown: no year), in the 2010s-2030s cycle when position 7 is a letter and the 1980s-2000s one
otherwise; the maker is looked up by a 6-character WMI (positions 1-3 and 12-14, for
VINs of at least 14 characters) and then the 3-character one; make and model are matched by
the descriptor section (positions 4-17) against the patterns of that WMI valid in that year,
the widest match winning, and a make alone is named only when the WMI has one.  The answer
always has the same keys, with a `confidence` (`full`, `make_only`, `no_match`,
`no_wmi_match`, `invalid_vin`); any error (a missing database included) comes back as a
result with `error`, never raised.  MIT License, Copyright (c) 2025 VIN Decode MCP Contributors
(vin-decode-mcp, by Justin Oakes); see https://opensource.org/licenses/MIT.  The functions are
verbatim, but for the changes below (checked by comparing ASTs with the wheel's source: each
vendored function and constant, and each vendored method of `VinDatabase` one by one, unparsed
from both and compared with `ast.dump` after the tool's decorator was set aside, is equal).

Changes: the tool is registered with `@mcp.tool()` on FastMCP (the `fastmcp` package) and
validated by pydantic against its signature, as FastMCP does (not reproduced: FastMCP's
parsing of JSON text given for a non-string argument; pydantic refuses unknown arguments here,
as the schema's `additionalProperties: false` says).  `sqlite3` is a stand-in whose `connect`
answers a connection whose `execute` hands the SQL and its parameters on to the implementation
layer (the package opens the file read-only; the SQL is the package's, parameterised);
`_db_path` (set by the CLI in the package) is a stand-in path that exists; `logger`
(structlog's) is a stand-in that drops what it is given.  `VinDatabase`'s other methods (the bulk queries, the partial-VIN decode, the schema and
dataset metadata, `close` and the context manager), the other tools and the CLI, which
downloads the database, are left out.

The implementation layer is ours: `sqlite_execute` is where the package runs a query on the
vPIC database; it receives the SQL and the parameters and answers the rows an in-memory SQLite
database with the package's tables answers, holding one maker (Honda, WMI `1HG`), one model
(Accord, pattern `CM826*`, 2003-2007) and its two vehicle types.  SCHEMA is what the package's
FastMCP derives: the `inputSchema` of the tool as the package's own module registers it, under
fastmcp 4.2.3 (the package asks for fastmcp >= 3.0.0) in a throwaway venv with the package
installed.  It states a string and an optional integer, no length, no alphabet and no year range.
"""

from __future__ import annotations

import sqlite3 as _sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "additionalProperties": False,
    "properties": {
        "vin": {"type": "string", "description": "Vehicle Identification Number (17 chars, or shorter for partial)."},
        "model_year": {
            "anyOf": [{"type": "integer"}, {"type": "null"}],
            "default": None,
            "description": "Optional explicit model year to improve decode accuracy.\nIf omitted, computed from VIN position 10 + position 7.",
        },
    },
    "required": ["vin"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"vin": " 1hgcm82633a004352 "}

_VPIC_DDL = """
CREATE TABLE make (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE model (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE vehicletype (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE make_model (makeid INTEGER NOT NULL, modelid INTEGER NOT NULL, vehicletypeid INTEGER);
CREATE TABLE wmi (wmi TEXT NOT NULL, makeid INTEGER NOT NULL);
CREATE TABLE wmi_vinschema (wmi TEXT NOT NULL, vinschemaid INTEGER NOT NULL, year_from INTEGER NOT NULL, year_to INTEGER);
CREATE TABLE vin_pattern (vinschemaid INTEGER NOT NULL, keys TEXT NOT NULL, modelid INTEGER NOT NULL);
INSERT INTO make VALUES (474, 'Honda');
INSERT INTO model VALUES (1861, 'Accord');
INSERT INTO vehicletype VALUES (2, 'Passenger Car'), (7, 'Multipurpose Passenger Vehicle (MPV)');
INSERT INTO make_model VALUES (474, 1861, 2), (474, 1861, 7);
INSERT INTO wmi VALUES ('1HG', 474);
INSERT INTO wmi_vinschema VALUES ('1HG', 9001, 2003, 2007);
INSERT INTO vin_pattern VALUES (9001, 'CM826*', 1861);
"""
_VPIC = _sqlite3.connect(":memory:", check_same_thread=False)
_VPIC.executescript(_VPIC_DDL)


def sqlite_execute(sql: str, params: Any = ()) -> list[dict[str, Any]]:
    """The implementation layer (ours): where the package runs `sql` with `params` on the
    vPIC database.  Answers the rows of a small in-memory copy, as dictionaries."""
    cursor = _VPIC.execute(sql, tuple(params))
    names = [d[0] for d in cursor.description or ()]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


class _Cursor:
    """Stands in for a `sqlite3.Cursor` over the implementation's answer."""

    def __init__(self, rows: Any) -> None:
        self._rows = list(rows or [])

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[Any]:
        return list(self._rows)

    def fetchmany(self, size: int = 1) -> list[Any]:
        return self._rows[:size]


class _Connection:
    """Stands in for a read-only `sqlite3.Connection`: `execute` hands the query on to the
    implementation layer."""

    row_factory: Any = None

    def execute(self, sql: str, params: Any = ()) -> _Cursor:
        return _Cursor(sqlite_execute(sql, params))


def _connect(database: str, uri: bool = False, check_same_thread: bool = True, **kwargs: Any) -> _Connection:
    return _Connection()


#: stands in for the sqlite3 module
sqlite3 = SimpleNamespace(connect=_connect, Row=dict, Connection=_Connection)


class _DbPath:
    """Stands in for the database file's path, as the CLI sets it: it exists."""

    def __init__(self, path: str) -> None:
        self.path = path

    def exists(self) -> bool:
        return True

    def __str__(self) -> str:
        return self.path


class _Logger:
    """Stands in for a structlog logger: drops what it is given."""

    def error(self, *args: Any, **kwargs: Any) -> None:
        return None


logger = _Logger()

_YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"

_DEFAULT_DB_PATH = Path(__file__).parent.parent.parent / "curated_vpic.db"

#: stands in for the path the CLI sets with `set_default_db_path` (the downloaded database)
_db_path: Any = _DbPath("/root/.cache/vin-decode-mcp/curated_vpic.db")


class VinDatabase:
    """Read-only wrapper around the curated vPIC SQLite database."""

    def __init__(self, db_path: Path | str | None = None) -> None:
        if db_path is None:
            db_path = _db_path if _db_path is not None else _DEFAULT_DB_PATH
        if isinstance(db_path, str):
            db_path = Path(db_path)
        self.db_path = db_path
        self._conn: sqlite3.Connection | None = None

    @property
    def conn(self) -> sqlite3.Connection:
        """Lazy-read-only connection."""
        if self._conn is None:
            if not self.db_path.exists():
                raise FileNotFoundError(
                    f"VIN database not found at {self.db_path}. "
                    f"Download it from the project releases or Hugging Face."
                )
            uri = f"file:{self.db_path}?mode=ro"
            # check_same_thread=False: FastMCP dispatches tool calls on a
            # worker pool, so the connection outlives the thread that opened
            # it. Safe here because the database is opened read-only and
            # Python's sqlite3 serialises access.
            self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            self._conn.row_factory = sqlite3.Row
        return self._conn

    def decode_vin(self, vin: str, model_year: int | None = None) -> dict[str, Any]:
        """Decode a VIN to make, model, year, and vehicle type.

        Args:
            vin: 17-character VIN string (or shorter for partial decode).
            model_year: Optional explicit model year. If omitted, computed
                from VIN position 10 + position 7 disambiguation.

        Returns:
            dict with keys: vin, make (str | None), model (str | None),
            year (int | None), vehicle_type (str | None), wmi (str | None),
            wmi_length (int | None), confidence (str). Every key is present on
            every path, including the failure paths, so callers never have to
            probe for them.
        """
        vin = vin.strip().upper()
        if len(vin) < 11:
            return {
                "vin": vin,
                "make": None,
                "model": None,
                "year": None,
                "vehicle_type": None,
                "wmi": None,
                "wmi_length": None,
                "confidence": "invalid_vin",
            }

        year = model_year if model_year is not None else self._model_year_from_vin(vin)
        wmi, make_ids, wmi_len = self._resolve_wmi(vin)
        if wmi is None:
            return {
                "vin": vin,
                "make": None,
                "model": None,
                "year": year,
                "vehicle_type": None,
                "wmi": None,
                "wmi_length": None,
                "confidence": "no_wmi_match",
            }

        make_name, model_name, make_id, model_id = self._resolve_model(vin, wmi, make_ids, year)

        vehicle_type = self._vehicle_type_for(make_id, model_id)

        if make_name and model_name:
            confidence = "full"
        elif make_name:
            confidence = "make_only"
        else:
            confidence = "no_match"

        return {
            "vin": vin,
            "make": make_name,
            "model": model_name,
            "year": year,
            "vehicle_type": vehicle_type,
            "wmi": wmi,
            "wmi_length": wmi_len,
            "confidence": confidence,
        }

    def _vehicle_type_for(self, make_id: int | None, model_id: int | None) -> str | None:
        """Vehicle type for a resolved make/model pair, or None if unknown.

        Kept out of the model-resolution query on purpose. `make_model` carries
        one row per (make, model, vehicletype), and a model that vPIC types
        more than one way (an Accord is both Passenger Car and MPV) multiplies
        the pattern join, letting an arbitrary row win the `LIMIT 1`. Worse,
        joining `vehicletype` there at all has to be an inner join to read the
        name, which silently discards every pair whose type is NULL -- 291 of
        them in the curated build, where NULL means "no pattern coverage
        anywhere", not "no such vehicle".

        Ties are broken by lowest vehicletype id, which orders vPIC's ids as
        Motorcycle < Passenger Car < Truck < MPV < Off-Road: the more specific
        body classes sort ahead of MPV, the catch-all that was previously
        winning at random.
        """
        if make_id is None or model_id is None:
            return None
        row = self.conn.execute(
            """SELECT vt.name
               FROM make_model mm
               JOIN vehicletype vt ON vt.id = mm.vehicletypeid
               WHERE mm.makeid = ? AND mm.modelid = ?
               ORDER BY vt.id
               LIMIT 1""",
            (make_id, model_id),
        ).fetchone()
        return row["name"] if row else None

    def _model_year_from_vin(self, vin: str) -> int | None:
        """Compute model year from VIN positions 10 and 7.

        Position 10 is the year code letter/digit.
        Position 7 breaks ambiguity: digit => 1980-2009, letter => 2010-2039.
        """
        if len(vin) < 10:
            return None
        code = vin[9].upper()
        index = _YEAR_CODES.find(code)
        if index < 0:
            return None
        base = 2010 if vin[6].isalpha() else 1980
        return base + index

    def _resolve_wmi(self, vin: str) -> tuple[str | None, list[int], int | None]:
        """Resolve WMI from VIN. Try 6-char first, fall back to 3-char.

        Returns (wmi_string, make_ids, wmi_length).
        Multiple makes can share a WMI (e.g. JN1 = Nissan + Infiniti).
        """
        # 6-char WMI: positions 1-3 + 12-14 (low-volume manufacturers)
        wmi_6 = vin[0:3] + vin[11:14] if len(vin) >= 14 else None

        for wmi in (wmi_6, vin[0:3]):
            if wmi is None:
                continue
            rows = self.conn.execute(
                "SELECT DISTINCT makeid FROM wmi WHERE wmi = ?", (wmi,)
            ).fetchall()
            if rows:
                make_ids = [r["makeid"] for r in rows]
                return wmi, make_ids, len(wmi)

        return None, [], None

    def _resolve_model(
        self,
        vin: str,
        wmi: str,
        make_ids: list[int],
        year: int | None,
    ) -> tuple[str | None, str | None, int | None, int | None]:
        """Resolve make and model together from VIN pattern matching.

        Returns: (make_name, model_name, make_id, model_id)

        A WMI is not unique to a make -- JN1 covers both Nissan and Infiniti,
        and picking the first row returned decodes a 370Z as an Infiniti. The
        matched *model* is what disambiguates, so make and model are resolved
        together or not at all.

        vPIC's '*' in `keys` means exactly one character, which is GLOB's '?',
        not GLOB's '*'. Appending a real GLOB '*' then makes the whole thing a
        prefix match, which is what handles keys of differing widths --
        including character classes like 'AZ4[EF]', where the string is seven
        characters long but matches only four VIN positions. Longer keys are
        more specific, so the widest match wins.
        """
        vds = vin[3:17]  # Vehicle Descriptor Section

        if not make_ids:
            return None, None, None, None

        make_placeholders = ",".join("?" for _ in make_ids)
        row = self.conn.execute(
            f"""
            SELECT mk.id AS makeid, mk.name AS make,
                   mo.id AS modelid, mo.name AS model,
                   LENGTH(p.keys) AS width
            FROM wmi_vinschema ws
            JOIN vin_pattern p ON p.vinschemaid = ws.vinschemaid
            JOIN model mo ON mo.id = p.modelid
            JOIN make_model mm ON mm.modelid = p.modelid
            JOIN make mk ON mk.id = mm.makeid
            WHERE ws.wmi = ?
              AND mm.makeid IN ({make_placeholders})
              AND (? IS NULL OR ? BETWEEN ws.year_from AND COALESCE(ws.year_to, 9999))
              AND ? GLOB REPLACE(p.keys, '*', '?') || '*'
            ORDER BY width DESC
            LIMIT 1
            """,
            (wmi, *make_ids, year, year, vds),
        ).fetchone()
        if row:
            return row["make"], row["model"], row["makeid"], row["modelid"]

        # No model matched. The make is still worth returning when the WMI is
        # unambiguous -- a half-filled answer beats an empty one -- but a guess
        # between several makes is worse than nothing.
        if len(make_ids) == 1:
            row = self.conn.execute(
                "SELECT id, name FROM make WHERE id = ?", (make_ids[0],)
            ).fetchone()
            if row:
                return row["name"], None, row["id"], None

        return None, None, None, None


def get_db() -> VinDatabase:
    """Lazily get the database connection."""
    return VinDatabase()


@validate_call
def decode_vin(vin: str, model_year: int | None = None) -> dict:
    """Decode a VIN to make, model, year, and vehicle type.

    Returns the decoded make, model, model year, and vehicle type for a
    17-character VIN. Uses the NHTSA vPIC pattern database for make/model
    resolution. Model year is computed from VIN position 10 unless you
    provide model_year explicitly.

    Partial VINs (shorter than 17 characters) may still decode if the
    WMI (positions 1-3) matches a known manufacturer.

    Args:
        vin: Vehicle Identification Number (17 chars, or shorter for partial).
        model_year: Optional explicit model year to improve decode accuracy.
            If omitted, computed from VIN position 10 + position 7.

    Returns:
        dict with keys: vin, make, model, year, vehicle_type, wmi,
        wmi_length, confidence.

    Examples:
        >>> decode_vin("1HGCM82633A004352")
        {'vin': '1HGCM82633A004352', 'make': 'Honda', 'model': 'Accord', ...}
        >>> decode_vin("WP0AA2A96KS106147")
        {'vin': 'WP0AA2A96KS106147', 'make': 'Porsche', 'model': '911', ...}
    """
    db = get_db()
    try:
        return db.decode_vin(vin, model_year)
    except FileNotFoundError as e:
        logger.error("decode_vin", error=str(e))
        return {"error": str(e), "make": None, "model": None, "year": None}
    except Exception as e:  # noqa: BLE001
        logger.error("decode_vin", error=str(e), vin=vin)
        return {"error": str(e), "make": None, "model": None, "year": None}
