# cython: language_level=3
"""A cut rollout's estimate of who wins the round (DESIGN.md, "Returns and bounds"): the
scoring of the round's end (l.114-l.116) applied to the tallies as they stand, with the
complexes held counted, each seat's points halved or not by its loyalty *in this world*, and
both factions' victories weighed by how far one leads. The estimate is a share of one win:
the returns sum to 1 like the terminal returns (1 to the winner). Once the game is over (a
search mixing it into the returns at the end, `lead`) the scores are final: the shares follow
the totals as scored."""
from libc.math cimport exp
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.supply cimport surrender_at

# A lead of LEAD_SCALE points makes a faction's victory e times likelier than its defeat; the
# seats' expected scores are turned into shares of the win with the temperature SHARE_SCALE.
cdef double LEAD_SCALE = 6.0
cdef double SHARE_SCALE = 4.0
cdef int MERC_MARGIN = 25           # the Mercenary keeps his points under this margin (l.115)


cdef inline double _final(double points, int loyalty, int winner, int margin) noexcept nogil:
    """A seat's score after halving, if `winner`'s faction wins by `margin` (l.115)."""
    if loyalty == LOY_MERC:
        return points / 2.0 if margin >= MERC_MARGIN else points
    if loyalty >= 0 and loyalty != winner:
        return points / 2.0
    return points


cdef void _shares(int n, double* e, double* out) noexcept nogil:
    """Each seat's share of the win from its expected score `e` (overwritten): the higher,
    the likelier, with the temperature SHARE_SCALE."""
    cdef int q
    cdef double best = -1e9, total = 0.0
    for q in range(n):
        if e[q] > best:
            best = e[q]
    for q in range(n):
        e[q] = exp((e[q] - best) / SHARE_SCALE)
        total += e[q]
    for q in range(n):
        out[q] = e[q] / total


cdef void _over(Guerilla* d, double* out) noexcept nogil:
    """The game over: every round scored, complexes and halving included (l.114-l.117), so the
    shares follow the totals; in the open duel the win is all there is."""
    cdef int q
    cdef double e[GMAXP]
    if open_duel(d):
        for q in range(d.n):
            out[q] = 1.0 if q == d.winner else 0.0
        return
    for q in range(d.n):
        e[q] = d.total[q]
    _shares(d.n, e, out)


cdef void _surrenders(Guerilla* d, double* pts, double* fs) noexcept nogil:
    """An isolated group surrenders when its modifier reaches its highest DF or strength:
    "All units and leaders are eliminated (points to the supply cutter) and the supply cutter
    takes control of any complex" (l.128). Its points, and its complex's from its owner, go to
    the cutter in the share (iso + 1) / (highest + 1): the nearer the surrender, the more."""
    cdef int gi, k, v
    cdef double w
    cdef Group* g
    cdef Group* c
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner < 0 or g.cutter < 0:
            continue
        c = &d.grp[g.cutter]
        w = (g.iso + 1.0) / (surrender_at(d, g) + 1.0)
        v = leader_points(d, g.leader, g.faction) if g.leader >= 0 else 0
        for k in range(g.nunits):
            v += printed(d, g.unit[k], g.faction)
        pts[c.owner] += w * v
        fs[c.faction] += w * v
        v = d.info[g.cplx].vp - g.damage - g.iso if g.cplx >= 0 else 0
        if v > 0:
            pts[g.owner] -= w * v
            fs[g.faction] -= w * v
            pts[c.owner] += w * v
            fs[c.faction] += w * v


cdef void heuristic_returns(Guerilla* d, double* out) noexcept nogil:
    cdef int gi, q, v, margin
    cdef double pts[GMAXP]
    cdef double fs[2]
    cdef double p_gov, lead
    cdef double e[GMAXP]
    cdef Group* g
    if d.node == N_OVER:
        _over(d, out)
        return
    for q in range(d.n):
        pts[q] = d.score[q]
    fs[F_GOV] = d.fscore[F_GOV]
    fs[F_REB] = d.fscore[F_REB]
    for gi in range(NGROUPS):                  # complexes held score at the round's end (l.114)
        g = &d.grp[gi]
        if g.owner >= 0 and g.cplx >= 0:
            v = d.info[g.cplx].vp - g.damage - g.iso
            if v > 0:
                pts[g.owner] += v
                fs[g.faction] += v
    _surrenders(d, pts, fs)
    lead = fs[F_GOV] - fs[F_REB]
    margin = <int>(lead if lead >= 0 else -lead)
    p_gov = 1.0 / (1.0 + exp(-(lead + 0.5) / LEAD_SCALE))      # the Government wins ties (l.116)
    if open_duel(d):                           # the winning faction's player wins
        for q in range(d.n):
            out[q] = p_gov if d.loyalty[q] == F_GOV else 1.0 - p_gov
        return
    for q in range(d.n):
        e[q] = (p_gov * _final(pts[q], d.loyalty[q], F_GOV, margin)
                + (1.0 - p_gov) * _final(pts[q], d.loyalty[q], F_REB, margin))
    _shares(d.n, e, out)
