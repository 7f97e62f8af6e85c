# Owners of the compiled component tables: a game keeps these objects alive (usually cached
# per data folder) and its state points at their structs from nogil code.
from partisan.core.board cimport BoardData
from partisan.core.counters cimport CounterData
from partisan.core.noise cimport NoiseData


cdef class CompiledCounters:
    cdef CounterData data


cdef class CompiledBoard:
    cdef BoardData data
    cdef readonly CompiledCounters counters


cdef class CompiledNoise:
    cdef NoiseData data
