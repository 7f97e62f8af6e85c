from partisan.core.games.junta.data cimport JuntaData

cdef str phase_name(JuntaData* d)
cdef str action_to_string(JuntaData* d, int a, tuple cards)
cdef str describe_action(JuntaData* d, int a, object viewer, tuple cards)
cdef dict observation(JuntaData* d, int player, int to_move, tuple cards)
