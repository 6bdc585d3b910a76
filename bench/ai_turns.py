"""Frame times while the computer plays (`python -m bench render` adds these figures).

A real scene - a Hard-vs-Hard duel board, or a Mission with every Hero a computer - runs the
game's own loop shape for `seconds`: events, one fixed update, a full draw and the app's
present (the changed parts of the frame to the display), paced at 60 fps by pygame's clock (the
pacing sleep is not counted), animation speed "fast" (more decisions a second). Only frames
while a computer seat holds the pending choice count. Each frame is split into update (where an
inline decision or odds solve would show) and draw+present (the render itself), and its CPU
time is taken beside its wall time: a frame much longer than its CPU time waited for a core
(the machine is shared). The X server's own CPU time per frame is read from /proc when it
runs here (Xvfb).

`DICE_THRONE_AI_WORKER=inline` measures the old way (the computer decides on the render thread);
`DICE_THRONE_FULL_FLIP=1` sends every frame whole (`pygame.display.flip`), as before dirty
rectangles.
"""

from __future__ import annotations

import os
import time


def xserver_cpu() -> float | None:
    """CPU seconds used so far by the X server showing $DISPLAY (Xvfb or Xorg), from /proc;
    None when there is none to be found (no DISPLAY, another system)."""
    display = os.environ.get("DISPLAY", "")
    if not display or not os.path.isdir("/proc"):
        return None
    number = display.split(":")[-1].split(".")[0]
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            if not os.path.basename(args[0]).startswith((b"Xvfb", b"Xorg", b"X")):
                continue
            if f":{number}".encode() not in args:
                continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            continue
    return None


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else 0.0


def _duel(app, seed: int):
    from game.modes.duel import duel_setup
    from game.rules.engine import Engine
    from game.ui.scenes.duel import DuelScene

    engine = Engine.new_match(duel_setup(["cursed_pirate", "huntress"], seed, turn_limit=0))
    cpu = {"kind": "computer", "level": "hard"}
    return DuelScene(app, engine, [cpu, cpu])


def _mission(app, seed: int):
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian", "treant"), seed=seed))
    seats = [{"kind": "computer"}, {"kind": "computer"}]
    return MissionScene(app, engine, seats, ["", ""])


def _timed(scene, calls: list[float]):
    """Count the render thread's CPU time inside the scene's worker client (asking, syncing,
    collecting; with DICE_THRONE_AI_WORKER=inline: the whole decision)."""
    worker = scene.worker
    decide = worker.decide

    def timed(*args):
        c0 = time.thread_time()
        try:
            return decide(*args)
        finally:
            calls.append(time.thread_time() - c0)

    worker.decide = timed
    return scene


def decision_probe(games: int, seed: int) -> dict:
    """Hard-vs-Hard duels without a window, decided once inline and once through a worker:
    the render thread's CPU time per call either way (inline: the whole decision; worker:
    asking, syncing and collecting), and whether both games end in the same digest."""
    import gc

    from game.ai.worker import AIWorker, controller
    from game.modes.duel import duel_setup
    from game.rules.engine import Engine

    pairs = [("cursed_pirate", "huntress"), ("treant", "artificer"), ("gunslinger", "barbarian")]
    gc.collect()
    gc.freeze()  # as App.settle_heap does in the window when a scene comes up
    inline_cpu: list[float] = []
    worker_cpu: list[float] = []
    same = 0
    decisions = 0
    for n in range(games):
        heroes = list(pairs[n % len(pairs)])
        specs = {seat: ("duel", "hard", (seed + n) * 31 + seat) for seat in (0, 1)}
        digests = []
        for way in ("inline", "worker"):
            engine = Engine.new_match(duel_setup(heroes, seed + n, turn_limit=0), keep_log=False)
            controllers = {s: controller(spec) for s, spec in specs.items()}
            worker = AIWorker(specs, inline=way == "inline")
            worker.start()
            spent = inline_cpu if way == "inline" else worker_cpu
            try:
                while not engine.over and len(engine.actions) < 2000:
                    choice = engine.pending
                    c0 = time.thread_time()
                    action = worker.decide(engine, choice, controllers[choice.player])
                    spent.append(time.thread_time() - c0)
                    if action is None:
                        time.sleep(0.001)  # a frame would be drawn here
                        continue
                    engine.apply(action)
                    decisions += way == "worker"
            finally:
                worker.close()
            digests.append(engine.digest())
            engine.close()
        same += digests[0] == digests[1]
    gc.unfreeze()
    return {
        "probe_duels": games,
        "probe_decisions": decisions,
        "probe_same_digests": same,
        "inline_decide_cpu_ms_p99": round(_pct(inline_cpu, 0.99), 2),
        "inline_decide_cpu_ms_max": round(_pct(inline_cpu, 1.0), 2),
        "worker_call_cpu_ms_p99": round(_pct(worker_cpu, 0.99), 3),
        "worker_call_cpu_ms_max": round(_pct(worker_cpu, 1.0), 3),
    }


def odds_probe() -> dict:
    """Each hero's first odds (every offensive row, 3 attempts, nothing rolled) through a
    worker process: the render thread's CPU time per call, and the wall time until the
    answer is in."""
    from game.ai.worker import AIWorker
    from game.content.loader import default_content

    content = default_content()
    worker = AIWorker({})  # DICE_THRONE_AI_WORKER=inline: solved on the render thread
    calls: list[float] = []
    waits: list[float] = []
    worker.start()  # as a scene does on entering (not counted: a scene change)
    try:
        for hero in sorted(content.heroes.values(), key=lambda h: h.id):
            abilities = [
                a
                for slot in hero.slots
                for level in slot.levels.values()
                for a in level
                if a.kind in ("offensive", "ultimate") and a.level == 1
            ]
            key = ("probe", hero.id)
            asked = time.perf_counter()
            got = None
            while got is None:
                c0 = time.thread_time()
                got = worker.odds(key, hero, abilities, None, 3)
                calls.append(time.thread_time() - c0)
                if got is None:
                    time.sleep(0.001)
            waits.append(time.perf_counter() - asked)
    finally:
        worker.close()
    return {
        "odds_heroes": len(waits),
        "odds_call_cpu_ms_max": round(_pct(calls, 1.0), 3),
        # the first hero's answer waits for the worker's start (imports, content)
        "odds_first_hero_answer_ms": round(waits[0] * 1000, 1),
        "odds_answer_ms_median": round(_pct(waits[1:], 0.5), 1),
        "odds_answer_ms_max": round(_pct(waits[1:], 1.0), 1),
    }


def _sent(app) -> list[float]:
    u = app.updates
    if u is None:  # DICE_THRONE_FULL_FLIP=1: every frame whole (counted by the caller)
        return [0, 0, 0, 0.0]
    return [u.sent_full, u.sent_rects, u.sent_none, u.sent_area]


def bench_ai_turns(app, seconds: float, seed: int, table: str) -> dict:
    """In `app`'s window (left open: the caller closes it)."""
    import pygame

    from game.ui.app import STEP

    while app.scenes:
        app.pop()
    size = app.screen.get_size()
    app.settings.animation_speed = "fast"  # more decisions a second: the computer's worst case
    calls: list[float] = []
    scene = _timed((_mission if table == "mission" else _duel)(app, seed), calls)
    app.push(scene)
    for _ in range(30):  # warm caches (fonts, art, the first layout), as the dice figures do
        app.frame(STEP)
    app.scene_came_up()  # as App.run does when a scene comes up
    clock = pygame.time.Clock()
    cpu: list[float] = []  # this thread's CPU time in each frame (wall - CPU = waiting for a core)
    frames: list[float] = []
    updates: list[float] = []
    draws: list[float] = []
    games = 1
    all_frames = 0
    draw_cpu: list[float] = []  # every frame's draw and present, CPU (computer turns or not)
    present_cpu: list[float] = []
    present_walls: list[float] = []  # computer turns: the present's wall time (its wait included)
    updates_before = _sent(app)
    x_before = xserver_cpu()
    started = time.perf_counter()
    load_before = os.getloadavg()
    while time.perf_counter() - started < seconds:
        engine = scene.engine
        if engine.over:  # the next game (a fresh seed) keeps the computer busy
            app.pop()
            seed += 1
            games += 1
            scene = _timed((_mission if table == "mission" else _duel)(app, seed), calls)
            app.push(scene)
            app.scene_came_up()
            continue
        choice = engine.pending
        computer = choice is not None and choice.player in scene.controllers
        c0 = time.thread_time()
        t0 = time.perf_counter()
        for event in pygame.event.get():
            app.handle_event(event)
        app.update(STEP)
        t1 = time.perf_counter()
        c1 = time.thread_time()
        app.draw()
        c2 = time.thread_time()
        tp = time.perf_counter()
        app.present()
        t2 = time.perf_counter()
        c3 = time.thread_time()
        all_frames += 1
        draw_cpu.append(c2 - c1)
        present_cpu.append(c3 - c2)
        if computer:
            cpu.append(c3 - c0)
            frames.append(t2 - t0)
            updates.append(t1 - t0)
            draws.append(t2 - t1)
            present_walls.append(t2 - tp)
        clock.tick(60)
    load_after = os.getloadavg()
    x_after = xserver_cpu()
    sent = [b - a for a, b in zip(updates_before, _sent(app), strict=True)]
    if app.updates is None:
        sent = [all_frames, 0, 0, float(all_frames)]
    worker = scene.worker
    mode = "inline" if worker.inline else ("worker (fell back inline)" if worker.dead else "worker")
    decisions = len(scene.engine.actions)
    slowest = max(range(len(frames)), key=frames.__getitem__) if frames else None
    busiest = sorted(range(len(cpu)), key=cpu.__getitem__)[-3:][::-1]
    app.pop()
    probe = {**odds_probe(), **decision_probe(3, seed)} if table == "duel" else {}
    return {
        "ai_table": table,
        "ai_animation_speed": app.settings.animation_speed,
        "ai_decided_by": mode,
        "ai_games": games,
        "ai_actions_last_game": decisions,
        "ai_turn_frames": len(frames),
        # the render thread's CPU time in the computer's decisions (asking the worker, or the
        # whole decision inline)
        "decide_calls": len(calls),
        "decide_cpu_ms_p99": round(_pct(calls, 0.99), 3),
        "decide_cpu_ms_max": round(_pct(calls, 1.0), 3),
        "frame_ms_p50_ai_turn": round(_pct(frames, 0.5), 2),
        "frame_ms_p99_ai_turn": round(_pct(frames, 0.99), 2),
        "frame_ms_max_ai_turn": round(_pct(frames, 1.0), 2),
        "update_ms_max_ai_turn": round(_pct(updates, 1.0), 2),
        "draw_ms_p99_ai_turn": round(_pct(draws, 0.99), 2),
        "draw_ms_max_ai_turn": round(_pct(draws, 1.0), 2),
        "frames_over_33ms_ai_turn": sum(1 for f in frames if f > 0.033),
        "frames_over_16ms_ai_turn": sum(1 for f in frames if f > 0.0167),
        # the slowest frame's parts: a slow draw+flip is the render (or the machine), a slow
        # update is work on the render thread
        "slowest_frame_update_ms": round(updates[slowest] * 1000, 2) if frames else 0.0,
        "slowest_frame_draw_ms": round(draws[slowest] * 1000, 2) if frames else 0.0,
        "slowest_frame_cpu_ms": round(cpu[slowest] * 1000, 2) if frames else 0.0,
        "cpu_ms_p99_ai_turn": round(_pct(cpu, 0.99), 2),
        "cpu_ms_max_ai_turn": round(_pct(cpu, 1.0), 2),
        # the three frames with the most CPU: [cpu, update, draw+flip] ms (wall for the parts)
        "busiest_frames_ms": [
            [round(cpu[i] * 1000, 1), round(updates[i] * 1000, 1), round(draws[i] * 1000, 1)]
            for i in busiest
        ],
        # what went to the display over every frame of the run (computer turns or not)
        "screen_updates": "full flip" if app.updates is None else "changed parts",
        "frames_all": all_frames,
        "draw_cpu_ms_p50": round(_pct(draw_cpu, 0.5), 2),
        "draw_cpu_ms_p99": round(_pct(draw_cpu, 0.99), 2),
        "present_cpu_ms_p50": round(_pct(present_cpu, 0.5), 2),
        "present_cpu_ms_p99": round(_pct(present_cpu, 0.99), 2),
        "present_ms_p50_ai_turn": round(_pct(present_walls, 0.5), 2),
        "present_ms_p99_ai_turn": round(_pct(present_walls, 0.99), 2),
        "frames_sent_whole": sent[0],
        "frames_sent_in_parts": sent[1],
        "frames_sent_nothing": sent[2],
        "window_share_sent_mean": round(sent[3] / max(1, all_frames), 3),
        # the X server's CPU time per frame (the copy a flip makes it do; /proc, 10 ms ticks)
        "xserver_cpu_ms_per_frame": None
        if x_before is None or x_after is None
        else round((x_after - x_before) * 1000 / max(1, all_frames), 2),
        "ai_size": f"{size[0]}x{size[1]}",
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "ai_warnings": list(worker.warnings),
        **probe,
    }
