# Words the threads of one search share (a search's halt word, a shared tree's turns): loads
# that see every store made before the matching release store, and a pause for spin loops.
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    static inline uint64_t partisan_load(uint64_t* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static inline void partisan_store(uint64_t* p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
    static inline void partisan_relax(void) {
    #if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
    #endif
    }
    """
    uint64_t partisan_load(uint64_t* p) noexcept nogil
    void partisan_store(uint64_t* p, uint64_t v) noexcept nogil
    void partisan_relax() noexcept nogil
