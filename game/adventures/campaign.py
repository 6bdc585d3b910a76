"""The Adventures campaign between scenarios (rules 1-8, 13-17, 92-98): plain JSON-ready state.

A `Campaign` holds what the score sheet and the card caddy keep from one session to the next:
the difficulty, the team name, the 1-4 heroes (the same all campaign, rule 5) with who plays them
and their loot-grown decks as card-id lists, the Starting Salves box, the score sheet rows, the
scenario being played (1-8, odd = Portal Crawl, even = Boss Battle, rule 2), the Loot decks'
order, and its own seeded random state (which scenario card is drawn, rule 13; each scenario's
seed). Nothing here runs a battle: `game.adventures.crawl` and `boss_battle` play a scenario in
the duel engine and hand back a `ScenarioOutcome`, which `record_outcome` writes on the sheet.

    campaign = new_campaign("normal", "The Dawnbreakers", [("barbarian", "Ann", "human")], seed=4)
    number, kind = campaign.scenario, campaign.kind           # 1, "crawl"
    ...play it...
    record_outcome(campaign, outcome)                         # win -> 2; loss -> replay 1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.adventures.scoring import ScoreError, ScoreRow, next_starting_salves
from game.rules.rng import RngState, below, seed_state, shuffle

CAMPAIGN_VERSION = 1
SCENARIOS = 8
MAX_HEROES = 4
# Rule 2: the four Boss Battles in order; the Mad King is last (rule 4: beating him completes
# the campaign). Ids of the boss enemies in game/content/data/adventures/enemies.
BOSSES = {2: "fallen_barbarian", 4: "fallen_gunslinger", 6: "fallen_monk", 8: "mad_king"}
LOSS_SCORE = -10  # rule 95
LOSS_SALVES = 3  # rule 95/96: +3 Starting Salves for the replay
CONTROLLERS = ("human", "easy", "normal", "hard", "simple", "random")


class CampaignError(ValueError):
    """A campaign that cannot be built or read; the message names the field."""


@dataclass(slots=True)
class CampaignHero:
    hero: str
    player: str  # who plays it; one person may play several heroes (same name)
    controller: str = "human"  # human, or a computer level (CONTROLLERS)
    deck: list[str] = field(default_factory=list)  # card ids, loot-grown (rules 81-85)

    @property
    def computer(self) -> bool:
        return self.controller != "human"


@dataclass(slots=True)
class ScenarioOutcome:
    """What a finished scenario (and its shop or boss loot) hands back to the campaign."""

    number: int
    kind: str
    card: str
    won: bool
    starting_salves: int = 0  # what this session began with (rule 95)
    salves_left: int = 0
    gold_left: int = 0  # after shopping
    unclaimed_boss_loot: int = 0
    all_explored: bool = False
    decks: list[list[str]] | None = None  # per hero, after loot/shop (None: unchanged)
    loot_decks: dict[str, list[str]] | None = None  # the Loot decks' order afterwards


@dataclass(slots=True)
class Campaign:
    difficulty: str
    team_name: str
    heroes: list[CampaignHero]
    seed: int = 0
    scenario: int = 1
    attempt: int = 0  # earlier tries of this scenario
    starting_salves: int | None = None  # None: the scenario card's value (rule 15, session 1)
    tried_cards: list[str] = field(default_factory=list)  # cards drawn for this scenario number
    rows: list[ScoreRow] = field(default_factory=list)
    loot_decks: dict[str, list[str]] = field(default_factory=dict)  # rarity -> card ids, top 1st
    rng: int = 0  # the campaign's random state (RngState.state)
    completed: bool = False
    sessions: int = 0
    version: int = CAMPAIGN_VERSION

    # ------------------------------------------------------------ reading

    @property
    def kind(self) -> str:
        return scenario_kind(self.scenario)

    @property
    def boss(self) -> str | None:
        return BOSSES.get(self.scenario)

    @property
    def hero_ids(self) -> list[str]:
        return [h.hero for h in self.heroes]

    @property
    def score(self) -> int:
        """Campaign Score so far: the sum of every session score, wins and losses (rule 97)."""
        return sum(row.session_score for row in self.rows)

    def scenario_seed(self) -> int:
        """The seed of the next session: fixed by the campaign seed, scenario and attempt."""
        return (self.seed * 1_000_003 + self.scenario * 101 + self.attempt * 7) & 0x7FFFFFFF

    # ------------------------------------------------------------ randomness

    def _random(self) -> RngState:
        return RngState(state=self.rng)

    def pick(self, items: list[str]) -> str:
        state = self._random()
        choice = items[below(state, len(items))]
        self.rng = state.state
        return choice

    def shuffled(self, items: list[str]) -> list[str]:
        state = self._random()
        out = list(items)
        shuffle(state, out)
        self.rng = state.state
        return out

    # ------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: Any) -> Campaign:
        if not isinstance(data, dict):
            raise CampaignError("campaign: expected an object")
        try:
            heroes = [CampaignHero(**h) for h in data["heroes"]]
            rows = [
                ScoreRow.from_json(r, f"campaign.rows[{i}]")
                for i, r in enumerate(data.get("rows", []))
            ]
            out = Campaign(
                difficulty=str(data["difficulty"]),
                team_name=str(data.get("team_name", "")),
                heroes=heroes,
                seed=int(data.get("seed", 0)),
                scenario=int(data.get("scenario", 1)),
                attempt=int(data.get("attempt", 0)),
                starting_salves=data.get("starting_salves"),
                tried_cards=[str(c) for c in data.get("tried_cards", [])],
                rows=rows,
                loot_decks={
                    str(k): [str(c) for c in v] for k, v in data.get("loot_decks", {}).items()
                },
                rng=int(data.get("rng", 0)),
                completed=bool(data.get("completed", False)),
                sessions=int(data.get("sessions", 0)),
                version=int(data.get("version", CAMPAIGN_VERSION)),
            )
        except ScoreError as exc:
            raise CampaignError(str(exc)) from exc
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CampaignError(f"campaign: a field is missing or damaged ({exc})") from exc
        validate(out)
        return out


def scenario_kind(number: int) -> str:
    """Rule 2: odd scenarios are Portal Crawls, even ones Boss Battles."""
    return "crawl" if number % 2 == 1 else "boss"


def validate(campaign: Campaign, content=None) -> None:
    """Raise CampaignError naming the field that is wrong."""
    if campaign.version > CAMPAIGN_VERSION:
        raise CampaignError(
            f"campaign.version: written by a newer game ({campaign.version} > {CAMPAIGN_VERSION})"
        )
    if not 1 <= len(campaign.heroes) <= MAX_HEROES:
        raise CampaignError("campaign.heroes: a campaign has 1 to 4 heroes")
    if not 1 <= campaign.scenario <= SCENARIOS:
        raise CampaignError(f"campaign.scenario: {campaign.scenario} is not 1-{SCENARIOS}")
    for index, hero in enumerate(campaign.heroes):
        if hero.controller not in CONTROLLERS:
            raise CampaignError(
                f"campaign.heroes[{index}].controller: '{hero.controller}' is not one of "
                f"{', '.join(CONTROLLERS)}"
            )
        if content is not None and hero.hero not in content.heroes:
            raise CampaignError(f"campaign.heroes[{index}].hero: unknown hero '{hero.hero}'")
    if campaign.starting_salves is not None and campaign.starting_salves < 0:
        raise CampaignError("campaign.starting_salves: cannot be negative")


def starting_deck(content, hero: str) -> list[str]:
    """A hero's printed deck as a card-id list (the deck a campaign starts with)."""
    out: list[str] = []
    for card_id, count in content.heroes[hero].deck:
        out.extend([card_id] * count)
    return out


def new_campaign(
    difficulty: str,
    team_name: str,
    heroes: list[tuple[str, str, str]],
    seed: int = 0,
    content=None,
    loot_decks: dict[str, list[str]] | None = None,
) -> Campaign:
    """Rules 5, 7-8: a new score sheet. `heroes` lists (hero id, player name, controller)."""
    from game.content.loader import default_content

    content = content or default_content()
    team = [
        CampaignHero(hero=h, player=p or f"Player {i + 1}", controller=c, deck=[])
        for i, (h, p, c) in enumerate(heroes)
    ]
    campaign = Campaign(
        difficulty=difficulty,
        team_name=team_name or "The Team",
        heroes=team,
        seed=seed,
        rng=seed_state(seed * 2 + 1).state,
    )
    validate(campaign, content)
    if len({h.hero for h in team}) != len(team):
        raise CampaignError("campaign.heroes: each hero can be chosen once")
    for hero in team:
        hero.deck = starting_deck(content, hero.hero)
    # Rule 12: each Loot deck shuffled at the start (its order then persists all campaign).
    for rarity, cards in sorted((loot_decks or {}).items()):
        campaign.loot_decks[rarity] = campaign.shuffled(cards)
    return campaign


def draw_scenario_card(campaign: Campaign, cards: list[str]) -> str:
    """Rule 13: one of the scenario's cards at random; a replayed Portal Crawl draws a card it
    has not tried yet (rule 96), starting over once all were tried."""
    if not cards:
        raise CampaignError(f"scenario {campaign.scenario}: no scenario cards")
    if len(cards) == 1:
        card = cards[0]
    else:
        fresh = [c for c in cards if c not in campaign.tried_cards] or list(cards)
        card = campaign.pick(sorted(fresh))
    if card not in campaign.tried_cards:
        campaign.tried_cards.append(card)
    return card


def record_outcome(
    campaign: Campaign,
    outcome: ScenarioOutcome,
    score_row: ScoreRow,
    loss_salves: int = LOSS_SALVES,
) -> None:
    """Rules 94-96: write the session's row (already scored) and move on.

    Win: the unused Salves become the next Starting Salves, the next scenario begins (after
    the Mad King the campaign is complete, rule 4). Loss: Starting Salves + 3 (rule 101: the
    leftover Salves do not count), the same scenario is replayed with a new card if it is a
    Portal Crawl. Decks and Loot deck order carry over either way (rule 96: new loot).
    `loss_salves`: the difficulty card's number (3 by rule 95)."""
    if campaign.completed:
        raise CampaignError("the campaign is already complete")
    if outcome.number != campaign.scenario:
        raise CampaignError(
            f"outcome of scenario {outcome.number}, but the campaign is at {campaign.scenario}"
        )
    campaign.rows.append(score_row)
    campaign.sessions += 1
    if outcome.decks is not None:
        for hero, deck in zip(campaign.heroes, outcome.decks, strict=True):
            hero.deck = list(deck)
    if outcome.loot_decks is not None:
        campaign.loot_decks = {k: list(v) for k, v in outcome.loot_decks.items()}
    campaign.starting_salves = next_starting_salves(
        outcome.won, outcome.salves_left, outcome.starting_salves, loss_salves
    )
    if outcome.won:
        campaign.attempt = 0
        campaign.tried_cards = []
        if campaign.scenario == SCENARIOS:
            campaign.completed = True
        else:
            campaign.scenario += 1
    else:
        campaign.attempt += 1


def session_starting_salves(campaign: Campaign, card_value: int) -> int:
    """Rule 15: session 1 takes the scenario card's Starting Salves; later sessions the
    sheet's box."""
    return card_value if campaign.starting_salves is None else campaign.starting_salves
