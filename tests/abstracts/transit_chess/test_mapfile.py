"""Transit systems: map files and their checks (MT-1, MT-2), bundled maps, the generator."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.transit_chess.generator import random_system
from abstracts.transit_chess.mapfile import (
    bundled_map,
    bundled_maps,
    load_map,
    load_map_file,
    parse_map,
    portable_map,
    system_from_data,
)
from abstracts.transit_chess.system import MapError

GOOD = """\
name: Cross
year: 2024
stops:
  - {id: A, name: Alder, x: 0, y: 0}
  - {id: B, name: Birch}
  - {id: C, name: Cedar}
  - {id: '07', name: Seven}
routes:
  L1: [A, B, C]
  Circle: {stops: [A, C, '07'], loop: true}
"""


def test_a_map_file_reads_stops_routes_and_loops() -> None:
    system = parse_map(GOOD, "cross.yaml")
    assert (system.name, system.year) == ("Cross", 2024)
    assert system.ids == ("A", "B", "C", "07")
    assert system.stop("A").x == 0 and system.stop("B").x is None
    assert [(r.name, r.stops, r.loop) for r in system.routes] == [
        ("L1", ("A", "B", "C"), False),
        ("Circle", ("A", "C", "07"), True),
    ]
    assert system.transfers() == {"A", "C"}
    assert system.routes[1].segments() == [("A", "C"), ("C", "07"), ("07", "A")]  # MT-1
    assert parse_map(_dump(system.to_data())) == system


def _dump(data: dict) -> str:
    import yaml

    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("L1: [A, B, C]", "L1: [A, B, Z]"),
            "cross.yaml:9: route 'L1' names unknown stop 'Z' (MT-2)",
        ),
        (("L1: [A, B, C]", "L1: [A, B, A]"), "cross.yaml:9: route 'L1' repeats stop 'A' (MT-2)"),
        (("L1: [A, B, C]", "L1: [B]"), "cross.yaml:9: route 'L1' has fewer than two stops (MT-2)"),
        (("L1: [A, B, C]", "L1: [A, C]"), "cross.yaml:5: stop 'B' (Birch) is on no route (MT-2)"),
        (
            ("{id: C, name: Cedar}", "{id: b, name: Cedar}"),
            "cross.yaml:6: stop 'b' is listed twice",
        ),
        (("{id: C, name: Cedar}", "{id: C D, name: Cedar}"), "cross.yaml:6: stop id 'C D' must be"),
        (("x: 0, y: 0", "x: east"), "cross.yaml:4: stops.0.x: Input should be a valid number"),
        (("name: Birch", "name: Birch, colour: red"), "cross.yaml:5: stops.1.colour: Extra inputs"),
        (("  Circle:", "  L1:"), "cross.yaml:10: key 'L1' appears twice (lines 9 and 10)"),
        (("year: 2024", "year: [2024"), "cross.yaml:3: not valid YAML"),
        (("loop: true", "loop: sometimes"), "cross.yaml:10: routes.Circle.loop: Input should be"),
    ],
)
def test_bad_map_files_are_refused_naming_the_line_and_the_culprit(change, message) -> None:
    old, new = change
    with pytest.raises(MapError) as refused:
        parse_map(GOOD.replace(old, new, 1), "cross.yaml")
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_map_files_need_stops_and_routes() -> None:
    with pytest.raises(MapError, match="empty"):
        parse_map("", "x.yaml")
    with pytest.raises(MapError, match=r"x.yaml:1: a map is a mapping"):
        parse_map("- 1\n", "x.yaml")
    with pytest.raises(MapError, match=r"x.yaml:1: stops: Field required"):
        parse_map("name: X\nroutes: {}\n", "x.yaml")
    with pytest.raises(MapError, match="no routes"):
        parse_map("name: X\nstops: [{id: A, name: A}]\nroutes: {}\n", "x.yaml")


def test_maps_load_by_key_name_or_path(tmp_path: Path) -> None:
    assert load_map("toronto").name == "Toronto subway"
    assert load_map("Boston T").name == "Boston T"  # by its `name:`
    path = tmp_path / "cross.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_map(str(path)).name == "Cross"
    game = get_game("transit-chess", map=str(path), seed=0)
    assert game.system.name == "Cross"
    with pytest.raises(MapError, match="unknown map 'atlantis': bundled maps are"):
        load_map("atlantis")
    with pytest.raises(MapError, match=r"nowhere.yaml: no such map file"):
        load_map(str(tmp_path / "nowhere.yaml"))


# ------------------------------------------------------------------ bundled maps


def test_every_bundled_map_validates_and_is_connected() -> None:
    maps = bundled_maps()
    assert {"boston", "fantasy", "glasgow", "toronto"} <= set(maps)
    for key in maps:
        system = load_map(key)
        assert system.is_connected(), key
        real = key != "fantasy"
        assert (system.year is not None) == real, key  # real networks state their year


def test_toronto_lines_have_every_station_in_order() -> None:
    system = load_map("toronto")
    lengths = {route.name.split()[1]: len(route.stops) for route in system.routes}
    assert lengths == {"1": 38, "2": 31, "3": 6, "4": 5}
    assert len(system.stops) == 75
    assert system.transfers() == {"SPA", "SGE", "BLY", "KEN", "SHY"}
    line1 = system.routes[0].stops
    assert (line1[0], line1[16], line1[-1]) == ("FIN", "UNI", "VMC")  # the U through Union


def test_boston_lines_and_branches() -> None:
    system = load_map("boston")
    lengths = {route.name: len(route.stops) for route in system.routes}
    assert lengths["Orange Line"] == 20 and lengths["Blue Line"] == 12
    assert lengths["Green Line E"] == 25 and lengths["Mattapan Line"] == 8
    assert len(system.stops) == 125
    assert {"PRK", "DTX", "STA", "GOV", "HAY", "NST", "ASH", "KMR"} <= system.transfers()


def test_glasgow_is_one_loop() -> None:
    (circle,) = load_map("glasgow").routes
    assert circle.loop and len(circle.stops) == 15


# ------------------------------------------------------------------ generator


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 100), k=st.integers(1, 15), seed=st.integers(0, 2**32))
def test_generated_systems_are_valid_covered_and_connected(n: int, k: int, seed: int) -> None:
    system = random_system(n, k, random.Random(seed))
    assert len(system.stops) == n and len(system.routes) == k
    assert {s for r in system.routes for s in r.stops} == set(system.ids)  # MT-2
    assert all(len(set(r.stops)) == len(r.stops) >= 2 for r in system.routes)  # MT-1, MT-2
    assert system.is_connected()
    assert system_from_data(system.to_data()) == system  # passes the map-file checks too


def test_generator_is_seeded() -> None:
    one = random_system(30, 5, random.Random(7))
    assert one == random_system(30, 5, random.Random(7))
    assert one != random_system(30, 5, random.Random(8))
    with pytest.raises(ValueError, match="2 to 200 stops"):
        random_system(1, 1, random.Random(0))


def test_random_map_option_uses_seed_stops_and_routes() -> None:
    game = get_game("transit-chess", map="random", seed=3, stops=30, routes=6)
    assert (len(game.system.stops), len(game.system.routes)) == (30, 6)
    again = get_game("transit-chess", map="random", seed=3, stops=30, routes=6)
    assert again.system == game.system
    with pytest.raises(ValueError):
        get_game("transit-chess", map="random", stops=1)


def test_saved_options_rebuild_the_same_game() -> None:
    game = get_game("transit-chess", map="random", seed=11)
    copy = get_game("transit-chess", **game.options.model_dump(mode="json"))
    assert copy.system == game.system and copy.first_side == game.first_side
    inline = get_game("transit-chess", map=game.system.to_data(), seed=11)
    assert inline.system == game.system
    with pytest.raises(MapError, match="map option: route"):
        get_game("transit-chess", map={**game.system.to_data(), "routes": {"X": ["A"]}})


def test_route_lists_may_span_lines() -> None:
    text = (
        "name: Wrapped\n"
        "stops: [{id: A, name: A}, {id: B, name: B}, {id: C, name: C}]\n"
        "routes:\n"
        "  Long: [\n"
        "    A, B,\n"
        "    C]\n"
    )
    assert parse_map(text).routes[0].stops == ("A", "B", "C")


# ------------------------------------------------------------------ hostile map files


def test_an_alias_bomb_in_a_map_file_is_refused_with_its_line() -> None:
    lines = ["name: Bomb", "a0: &a0 [A, A, A, A, A, A, A, A, A, A]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 20)]
    with pytest.raises(MapError, match=r"^bomb\.yaml:6: more than 20,000 values .*alias bomb"):
        parse_map("\n".join(lines), "bomb.yaml")
    with pytest.raises(MapError, match=r"^loop\.yaml:1: an alias refers to a collection"):
        parse_map("stops: &s [*s]", "loop.yaml")


def test_oversized_and_unreadable_map_files_are_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as out:
        out.truncate(10**10)
    with pytest.raises(MapError, match="bytes or more; the limit is 500,000 bytes"):
        load_map(str(huge))
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: Gen\xe8ve\n")
    with pytest.raises(MapError, match=r"cannot read the map file \(not UTF-8 text"):
        load_map(str(latin))
    with pytest.raises(MapError, match="is a folder"):
        load_map_file(tmp_path)
    with pytest.raises(MapError, match=r"deep\.yaml:1: collections nested deeper than 32"):
        parse_map("stops: " + "[" * 10_000, "deep.yaml")


def test_a_map_travels_as_a_bundled_key_or_as_its_contents(tmp_path: Path) -> None:
    path = tmp_path / "cross.yaml"
    path.write_text(GOOD, encoding="utf-8")
    system = load_map(str(path))
    assert portable_map(str(path), system) == system.to_data()
    assert portable_map("Toronto subway", bundled_map("toronto")) == "toronto"
    assert portable_map(" GLASGOW ", bundled_map("glasgow")) == "glasgow"
    assert portable_map("random", system) == "random"  # drawn again from the seed
    assert portable_map("design", None) == "design"
    assert portable_map(system.to_data(), system) == system.to_data()
