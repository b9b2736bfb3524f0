"""The scenario options that change how trips are measured and tied (SG-9, SG-12..SG-14)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HazardCostOn = Literal["leave", "enter"]
ExpressRule = Literal["skip_from_express", "both_ends"]
WALK = "walk"  # SG-14: the name of the walking mode in a trip's set of modes


class RouteError(ValueError):
    """A trip or set of modes that routing cannot take (off-board square, unknown system)."""


@dataclass(frozen=True, slots=True)
class RoutingRules:
    """The scenario options that change trip distances and their tie-break."""

    hazard_walk_cost: int = 2  # SG-9
    hazard_cost_on: HazardCostOn = "leave"  # SG-9 option
    transfer_cost: int = 0  # SG-13 option
    express: ExpressRule = "skip_from_express"  # SG-12 option
    walking_is_a_mode: bool = True  # SG-14 option

    def __post_init__(self) -> None:
        for name in ("hazard_walk_cost", "transfer_cost"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RouteError(f"{name} must be an integer, not {value!r}")
        if self.hazard_walk_cost < 1:
            raise RouteError(f"hazard_walk_cost must be at least 1, not {self.hazard_walk_cost}")
        if self.transfer_cost < 0:
            raise RouteError(f"transfer_cost must not be negative, not {self.transfer_cost}")
        if self.hazard_cost_on not in ("leave", "enter"):
            raise RouteError(
                f"hazard_cost_on must be 'leave' or 'enter', not {self.hazard_cost_on!r}"
            )
        if self.express not in ("skip_from_express", "both_ends"):
            raise RouteError(
                f"express must be 'skip_from_express' or 'both_ends', not {self.express!r}"
            )
        if not isinstance(self.walking_is_a_mode, bool):
            raise RouteError(
                f"walking_is_a_mode must be true or false, not {self.walking_is_a_mode!r}"
            )

    def step_cost(self, leaving_hazard: bool, entering_hazard: bool) -> int:
        """SG-9: a step costs 1, or hazard_walk_cost when it leaves (or enters) a hazard."""
        hazard = leaving_hazard if self.hazard_cost_on == "leave" else entering_hazard
        return self.hazard_walk_cost if hazard else 1

    @property
    def walking(self) -> tuple[int, str]:
        """The part of the rules that walking distances depend on (a cache key)."""
        return self.hazard_walk_cost, self.hazard_cost_on
