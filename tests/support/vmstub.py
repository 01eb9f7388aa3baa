"""The fixed computer of sim.screens (stub_choose), for the scripts of tests/vm: it draws, else
plays its lowest legal card, so what they check does not move with the AI."""


def stub(view, level=1, seed=0):
    if 30 in view.legal:
        return 30
    for a in view.legal:
        if a < 24:
            return a
    return view.legal[0]
