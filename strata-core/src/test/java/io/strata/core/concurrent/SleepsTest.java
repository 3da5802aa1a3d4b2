package io.strata.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InterruptedIOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SleepsTest {
  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void anInterruptThrowsTheCallersExceptionAndKeepsTheFlag() {
    Thread.currentThread().interrupt();
    InterruptedIOException thrown = assertThrows(InterruptedIOException.class,
        () -> Sleeps.sleep(10_000, e -> new InterruptedIOException("stopped")));
    assertTrue(Thread.currentThread().isInterrupted());
    assertEquals("stopped", thrown.getMessage());
  }

  @Test
  void withoutAnExceptionOfItsOwnTheCallerGetsAnIllegalState() {
    Thread.currentThread().interrupt();
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Sleeps.sleep(10_000));
    assertTrue(Thread.currentThread().isInterrupted());
    assertSame(InterruptedException.class, thrown.getCause().getClass());
  }
}
