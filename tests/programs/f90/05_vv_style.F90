! Tests: the structure of the OpenACC V&V suite's Fortran tests: a .F90 file through the
! preprocessor (#ifndef, indented directives), `include` of a parameter file in each unit,
! external logical functions without an interface, implied save, call exit.
#ifndef T1
!T1:parallel,loop,V:1.0-2.7
      LOGICAL FUNCTION test1()
        IMPLICIT NONE
        INCLUDE "05_vv_style.Fh"
        INTEGER :: x
        REAL(8),DIMENSION(LOOPCOUNT):: a, b, c
        INTEGER :: errors = 0

        SEEDDIM(1) = 1
#       ifdef SEED
        SEEDDIM(1) = SEED
#       endif
        CALL RANDOM_SEED(PUT=SEEDDIM)
        CALL RANDOM_NUMBER(a)
        CALL RANDOM_NUMBER(b)
        c = 0
        !$acc parallel loop copyin(a(1:LOOPCOUNT), b(1:LOOPCOUNT)) copyout(c(1:LOOPCOUNT))
        DO x = 1, LOOPCOUNT
          c(x) = a(x) + b(x)
        END DO
        DO x = 1, LOOPCOUNT
          IF (abs(c(x) - (a(x) + b(x))) .gt. PRECISION) THEN
            errors = errors + 1
          END IF
        END DO
        IF (errors .eq. 0) THEN
          test1 = .FALSE.
        ELSE
          test1 = .TRUE.
        END IF
      END
#endif

      PROGRAM main
        IMPLICIT NONE
        INTEGER :: failcode, testrun
        LOGICAL :: failed
        INCLUDE "05_vv_style.Fh"
#ifndef T1
        LOGICAL :: test1
#endif
        failed = .FALSE.
        failcode = 0
#ifndef T1
        DO testrun = 1, NUM_TEST_CALLS
          failed = failed .or. test1()
        END DO
        IF (failed) THEN
          failcode = failcode + 2 ** 0
          failed = .FALSE.
        END IF
#endif
        PRINT *, 'failcode', failcode
        CALL EXIT (failcode)
      END PROGRAM
