"""The console seat: people play the Subway Game in the terminal (`subway play subway`,
`subway run --step`). Nothing in the rules core imports this package; it registers the
`human` agent (`console/human.py`, loaded when a seat needs it) with the agent registry,
which imports this package by name."""

from subwaysim.agents.registry import AgentKind, plain, register

register(
    AgentKind(
        "human",
        "a person at this console",
        plain("subwaysim.console.human:HumanAgent", "human"),
        person=True,
    )
)
