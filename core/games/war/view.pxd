from partisan.core.games.war.data cimport WarData

cdef str action_to_string(WarData* d, int action)
cdef str describe_action(WarData* d, int action, object viewer, int actor)
cdef dict observation(WarData* d, int player, int to_move, tuple suits)
