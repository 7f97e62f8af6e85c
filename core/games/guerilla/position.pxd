from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef void arrange(GameState st, Guerilla* d, loyalties, hands, groups, int active, deck,
                  discard, scores, int sudden) except *
