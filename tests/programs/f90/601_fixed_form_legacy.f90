! flags: -ffixed-form
C     A FORTRAN 77 style program in fixed form: common blocks and
C     block data, a statement function, computed and assigned-free
C     go to, arithmetic if, equivalence, double precision, literals
C     continued in column 6.
      PROGRAM LEGACY
      IMPLICIT NONE
      INTEGER I, K, N
      DOUBLE PRECISION X, Y, F
      REAL*8 TABLE(5)
      INTEGER*4 IW(2)
      REAL*4 RW(2)
      CHARACTER*40 MSG
      COMMON /TAB/ TABLE, N
      EQUIVALENCE (IW, RW)
      F(X) = 2.0D0*X + 1.0D0
      MSG = 'A LITERAL CONTINUED IN
     +COLUMN SIX'
      PRINT *, MSG
      PRINT *, 'SECOND ',
     &         'LINE', N
      DO 10 I = 1, N
         Y = F(TABLE(I))
         K = MOD(I, 3) + 1
         GO TO (20, 30, 40), K
   20    PRINT 100, I, 'ONE', Y
         GO TO 10
   30    PRINT 100, I, 'TWO', Y
         GO TO 10
   40    IF (Y - 5.0D0) 50, 60, 70
   50    PRINT 100, I, 'NEG', Y
         GO TO 10
   60    PRINT 100, I, 'ZERO', Y
         GO TO 10
   70    PRINT 100, I, 'POS', Y
   10 CONTINUE
  100 FORMAT (1X, I3, 1X, A4, F8.3)
      RW(1) = 1.0
      IW(2) = 7
      PRINT *, IW(1), RW(2) .EQ. 0.0, IW(2)
      CALL SHOW
      END

      SUBROUTINE SHOW
      DOUBLE PRECISION T(5)
      INTEGER M
      COMMON /TAB/ T, M
      PRINT '(5F6.2, I3)', T, M
      END

      BLOCK DATA INIT
      DOUBLE PRECISION TABLE(5)
      INTEGER N
      COMMON /TAB/ TABLE, N
      DATA TABLE /1.5D0, 2.0D0, 2.5D0, 3.0D0, -1.0D0/, N /5/
      END
