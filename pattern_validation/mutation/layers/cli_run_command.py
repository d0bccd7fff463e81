# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from cli-mcp-server 0.2.5 (PyPI), file cli_mcp_server/server.py: the exception
classes, `SecurityConfig`, the methods of `CommandExecutor` that check a command line and run
it (`_normalize_path`, `validate_command`, `_is_url_path`, `_is_path_safe`,
`_validate_single_command`, `_validate_command_with_operators`, `execute`), and the
`run_command` branch of `handle_call_tool`.  The tool takes one command line: it is refused
over `max_command_length` characters; if it holds a shell operator (`&&`, `||`, `|`, `>`,
`>>`, `<`, `<<`, `;`) it is refused unless operators are allowed, and then cut at the operators
and each part checked alone, the whole line running through the shell; otherwise it is split
the shell's way (`shlex`, unbalanced quotes refused), its command must be an allowed one, each
`-` argument an allowed flag, and each explicit path (`./`, `../`, `/`, `.`) must resolve
inside the allowed directory, where it is replaced by its absolute path.  MIT License,
Copyright (c) 2024 Mladen (MladenSU/cli-mcp-server); see https://opensource.org/licenses/MIT.
The classes and methods are verbatim, but for the changes below (checked by comparing ASTs
with the wheel's source).

Changes: the package registers its two tools on the MCP SDK's low-level `Server`
(`list_tools` declares each `inputSchema` by hand, `call_tool` dispatches on the name); the
`run_command` branch of `handle_call_tool` is the function `run_command` here, validated by
pydantic against `command: str` as the SDK validates the arguments against that
`inputSchema` (mcp >= 1.10.1, the package's requirement; not reproduced: the SDK ignores
unknown arguments).  Where that branch returns "Security violation: ..." as text, the
interface raises a local `ToolError` (a ValueError) with the same message, a refusal the model
reads; its other handlers (a timeout, and any other error turned into "Error: ..." text) are
left out, and so is the rendering of the process's output (the branch returns what `execute`
returns).  In `execute`, the two `subprocess.run(...)` calls are calls of the implementation
layer with the same arguments: nothing is run.  `CommandExecutor.__init__` is left out (it
requires ALLOWED_DIR to exist and resolves it); the module's `executor`, built in the package
from the environment, is built by the stand-in `_make_executor`, whose allowed directory
`/srv/cli-mcp-sandbox` does not exist: `os.path.realpath` then only normalises a path under
it, and the check "`/` in the argument and it exists in the allowed directory" never holds,
so an argument is a path only when written as one.  `load_security_config` (it reads
ALLOWED_COMMANDS, ALLOWED_FLAGS, MAX_COMMAND_LENGTH, COMMAND_TIMEOUT, ALLOW_SHELL_OPERATORS) is
a stand-in returning what it builds from ALLOWED_COMMANDS=ls,cat,pwd,grep,head,wc,
ALLOWED_FLAGS=-l,-a,--help,-n,-i and ALLOW_SHELL_OPERATORS=true (the other two at their
defaults, 1024 and 30): operators allowed, so the branch refusing them is never taken, and
their splitting is.

The implementation layer is ours.  SCHEMA is the `inputSchema` the package declares for
`run_command` in `handle_list_tools`, verbatim.  It says only "a string".
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "command": {
            "type": "string",
            "description": "Single command to execute (example: 'ls -l' or 'cat file.txt')",
        }
    },
    "required": ["command"],
}
EXAMPLE: dict[str, Any] = {"command": "grep -n -i 'TODO' ./src/app.py"}


class ToolError(ValueError):
    """Stands in for the "Security violation: ..." text the tool returns (a refusal the model reads)."""


def run_command_impl(args: Any, **kwargs: Any) -> Any:
    """The implementation layer (ours): where the package calls `subprocess.run(args, **kwargs)`,
    `args` the command line (`shell=True`) or the command and its checked arguments."""
    return {"args": args, **kwargs}


class CommandError(Exception):
    """Base exception for command-related errors"""

    pass


class CommandSecurityError(CommandError):
    """Security violation errors"""

    pass


class CommandExecutionError(CommandError):
    """Command execution errors"""

    pass


class CommandTimeoutError(CommandError):
    """Command timeout errors"""

    pass


@dataclass
class SecurityConfig:
    """
    Security configuration for command execution
    """

    allowed_commands: set[str]
    allowed_flags: set[str]
    max_command_length: int
    command_timeout: int
    allow_all_commands: bool = False
    allow_all_flags: bool = False
    allow_shell_operators: bool = False


class CommandExecutor:
    def _normalize_path(self, path: str) -> str:
        """
        Normalizes a path and ensures it's within allowed directory.
        """
        try:
            if os.path.isabs(path):
                # If absolute path, check directly
                real_path = os.path.abspath(os.path.realpath(path))
            else:
                # If relative path, combine with allowed_dir first
                real_path = os.path.abspath(
                    os.path.realpath(os.path.join(self.allowed_dir, path))
                )

            if not self._is_path_safe(real_path):
                raise CommandSecurityError(
                    f"Path '{path}' is outside of allowed directory: {self.allowed_dir}"
                )

            return real_path
        except CommandSecurityError:
            raise
        except Exception as e:
            raise CommandSecurityError(f"Invalid path '{path}': {str(e)}")

    def validate_command(self, command_string: str) -> tuple[str, List[str]]:
        """
        Validates and parses a command string for security and formatting.

        Checks if the command string contains shell operators. If it does, splits the command
        by operators and validates each part individually. If all parts are valid, returns
        the original command string to be executed with shell=True.

        For commands without shell operators, splits into command and arguments and validates
        each part according to security rules.

        Args:
            command_string (str): The command string to validate and parse.

        Returns:
            tuple[str, List[str]]: A tuple containing:
                - For regular commands: The command name (str) and list of arguments (List[str])
                - For commands with shell operators: The full command string and empty args list

        Raises:
            CommandSecurityError: If any part of the command fails security validation.
        """

        # Define shell operators
        shell_operators = ["&&", "||", "|", ">", ">>", "<", "<<", ";"]

        # Check if command contains shell operators
        contains_shell_operator = any(
            operator in command_string for operator in shell_operators
        )

        if contains_shell_operator:
            # Check if shell operators are allowed
            if not self.security_config.allow_shell_operators:
                # If shell operators are not allowed, raise an error
                for operator in shell_operators:
                    if operator in command_string:
                        raise CommandSecurityError(
                            f"Shell operator '{operator}' is not supported. Set ALLOW_SHELL_OPERATORS=true to enable."
                        )

            # Split the command by shell operators and validate each part
            return self._validate_command_with_operators(
                command_string, shell_operators
            )

        # Process single command without shell operators
        return self._validate_single_command(command_string)

    def _is_url_path(self, path: str) -> bool:
        """
        Checks if a given path is a URL of type http or https.

        Args:
            path (str): The path to check.

        Returns:
            bool: True if the path is a URL, False otherwise.
        """
        url_pattern = re.compile(r"^https?://")
        return bool(url_pattern.match(path))

    def _is_path_safe(self, path: str) -> bool:
        """
        Checks if a given path is safe to access within allowed directory boundaries.

        Validates that the absolute resolved path is within the allowed directory
        to prevent directory traversal attacks.

        Args:
            path (str): The path to validate.

        Returns:
            bool: True if path is within allowed directory, False otherwise.
                Returns False if path resolution fails for any reason.

        Private method intended for internal use only.
        """
        try:
            # Resolve any symlinks and get absolute path
            real_path = os.path.abspath(os.path.realpath(path))
            allowed_dir_real = os.path.abspath(os.path.realpath(self.allowed_dir))

            # Check if the path starts with allowed_dir
            return real_path.startswith(allowed_dir_real)
        except Exception:
            return False

    def _validate_single_command(self, command_string: str) -> tuple[str, List[str]]:
        """
        Validates a single command without shell operators.

        Args:
            command_string (str): The command string to validate.

        Returns:
            tuple[str, List[str]]: A tuple containing the command and validated arguments.

        Raises:
            CommandSecurityError: If the command fails validation.
        """
        try:
            parts = shlex.split(command_string)
            if not parts:
                raise CommandSecurityError("Empty command")

            command, args = parts[0], parts[1:]

            # Validate command if not in allow-all mode
            if (
                not self.security_config.allow_all_commands
                and command not in self.security_config.allowed_commands
            ):
                raise CommandSecurityError(f"Command '{command}' is not allowed")

            # Process and validate arguments
            validated_args = []
            for arg in args:
                is_explicit_path = (arg.startswith(("./", "../", "/")) and not arg.startswith("//")) or arg == "."
                
                if arg.startswith("-"):
                    if (
                        not self.security_config.allow_all_flags
                        and arg not in self.security_config.allowed_flags
                    ):
                        raise CommandSecurityError(f"Flag '{arg}' is not allowed")
                    validated_args.append(arg)
                    continue
                # For any path-like argument, validate it
                if is_explicit_path or ("/" in arg and os.path.exists(os.path.join(self.allowed_dir, arg))):
                    if self._is_url_path(arg):
                        # If it's a URL, we don't need to normalize it
                        validated_args.append(arg)
                        continue

                    normalized_path = self._normalize_path(arg)
                    validated_args.append(normalized_path)
                else:
                    # For non-path arguments, add them as-is
                    validated_args.append(arg)

            return command, validated_args

        except ValueError as e:
            raise CommandSecurityError(f"Invalid command format: {str(e)}")

    def _validate_command_with_operators(
        self, command_string: str, shell_operators: List[str]
    ) -> tuple[str, List[str]]:
        """
        Validates a command string that contains shell operators.

        Splits the command string by shell operators and validates each part individually.
        If all parts are valid, returns the original command to be executed with shell=True.

        Args:
            command_string (str): The command string containing shell operators.
            shell_operators (List[str]): List of shell operators to split by.

        Returns:
            tuple[str, List[str]]: A tuple containing the command and empty args list
                                  (since the command will be executed with shell=True)

        Raises:
            CommandSecurityError: If any part of the command fails validation.
        """
        # Create a regex pattern to split by any of the shell operators
        # We need to escape special regex characters in the operators
        escaped_operators = [re.escape(op) for op in shell_operators]
        pattern = "|".join(escaped_operators)

        # Split the command string by shell operators, keeping the operators
        parts = re.split(f"({pattern})", command_string)

        # Filter out empty parts and whitespace-only parts
        parts = [part.strip() for part in parts if part.strip()]

        # Group commands and operators
        commands = []
        i = 0
        while i < len(parts):
            if i + 1 < len(parts) and parts[i + 1] in shell_operators:
                # If next part is an operator, current part is a command
                if parts[i]:  # Skip empty commands
                    commands.append(parts[i])
                i += 2  # Skip the operator
            else:
                # If no operator follows, this is the last command
                if (
                    parts[i] and parts[i] not in shell_operators
                ):  # Skip if it's an operator
                    commands.append(parts[i])
                i += 1

        # Validate each command individually
        for cmd in commands:
            try:
                # Use the extracted validation method for each command
                self._validate_single_command(cmd)
            except CommandSecurityError as e:
                raise CommandSecurityError(f"Invalid command part '{cmd}': {str(e)}")
            except ValueError as e:
                raise CommandSecurityError(
                    f"Invalid command format in '{cmd}': {str(e)}"
                )

        # If we get here, all commands passed validation
        # Return the original command string to be executed with shell=True
        return command_string, []

    def execute(self, command_string: str) -> subprocess.CompletedProcess:
        """
        Executes a command string in a secure, controlled environment.

        Runs the command after validating it against security constraints including length limits
        and shell operator restrictions. Executes with controlled parameters for safety.

        Args:
            command_string (str): The command string to execute.

        Returns:
            subprocess.CompletedProcess: The result of the command execution containing
                stdout, stderr, and return code.

        Raises:
            CommandSecurityError: If the command:
                - Exceeds maximum length
                - Fails security validation
                - Fails during execution

        Notes:
            - Uses shell=True for commands with shell operators, shell=False otherwise
            - Uses timeout and working directory constraints
            - Captures both stdout and stderr
        """
        if len(command_string) > self.security_config.max_command_length:
            raise CommandSecurityError(
                f"Command exceeds maximum length of {self.security_config.max_command_length}"
            )

        try:
            command, args = self.validate_command(command_string)

            # Check if this is a command with shell operators
            shell_operators = ["&&", "||", "|", ">", ">>", "<", "<<", ";"]
            use_shell = any(operator in command_string for operator in shell_operators)

            # Double-check that shell operators are allowed if they are present
            if use_shell and not self.security_config.allow_shell_operators:
                for operator in shell_operators:
                    if operator in command_string:
                        raise CommandSecurityError(
                            f"Shell operator '{operator}' is not supported. Set ALLOW_SHELL_OPERATORS=true to enable."
                        )

            if use_shell:
                # For commands with shell operators, execute with shell=True
                return run_command_impl(
                    command,  # command is the full command string in this case
                    shell=True,
                    text=True,
                    capture_output=True,
                    timeout=self.security_config.command_timeout,
                    cwd=self.allowed_dir,
                )
            else:
                # For regular commands, execute with shell=False
                return run_command_impl(
                    [command] + args,
                    shell=False,
                    text=True,
                    capture_output=True,
                    timeout=self.security_config.command_timeout,
                    cwd=self.allowed_dir,
                )
        except subprocess.TimeoutExpired:
            raise CommandTimeoutError(
                f"Command timed out after {self.security_config.command_timeout} seconds"
            )
        except CommandError:
            raise
        except Exception as e:
            raise CommandExecutionError(f"Command execution failed: {str(e)}")


def load_security_config() -> SecurityConfig:
    """Stands in for the package's reader of the environment, set as the module docstring says."""
    return SecurityConfig(
        allowed_commands={"ls", "cat", "pwd", "grep", "head", "wc"},
        allowed_flags={"-l", "-a", "--help", "-n", "-i"},
        max_command_length=1024,
        command_timeout=30,
        allow_all_commands=False,
        allow_all_flags=False,
        allow_shell_operators=True,
    )


def _make_executor() -> CommandExecutor:
    """Stands in for the package's `CommandExecutor(allowed_dir=os.getenv("ALLOWED_DIR", ""), ...)`."""
    made = CommandExecutor()
    made.allowed_dir = "/srv/cli-mcp-sandbox"
    made.security_config = load_security_config()
    return made


executor = _make_executor()


@validate_call
def run_command(command: str) -> Any:
    """The interface layer: the `run_command` branch of the package's `handle_call_tool`."""
    try:
        return executor.execute(command)
    except CommandSecurityError as e:
        raise ToolError(f"Security violation: {str(e)}")
