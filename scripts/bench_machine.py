"""What the benchmarks print about the machine they ran on (scripts/bench-perft, bench-spark):
ratios move with the processor, so every figure comes with it and with the load."""

import os
import platform


def processor():
    """The processor's model name, family and model number, as /proc/cpuinfo gives them: a
    virtual machine's name can be as bare as "AMD EPYC", and the model number tells the
    generations of a family apart (AMD family 25: model 1 Zen 3 Milan, 17 Zen 4 Genoa)."""
    name, family, number, flags = platform.processor() or "unknown", "?", "?", ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                key, value = key.strip(), value.strip()
                if key == "processor" and value != "0":
                    break  # the first processor's lines only
                if key == "model name":
                    name = value
                elif key == "cpu family":
                    family = value
                elif key == "model":
                    number = value
                elif key == "flags":
                    flags = value
    except OSError:
        pass
    bmi2 = ", BMI2" if "bmi2" in flags.split() else ""
    return f"{name} (family {family}, model {number}{bmi2}, {os.cpu_count()} logical CPUs)"


def load():
    """The load averages over 1, 5 and 15 minutes."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"
