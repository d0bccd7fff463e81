# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from opensearch-mcp-server-py 0.12.0 (PyPI), file tools/agentic_memory/params.py:
`PayloadType`, the `ERR_*` codes, `MessageContentItem`, `MessageItem`,
`BaseAgenticMemoryContainerArgs`, `AddAgenticMemoriesArgs` (a conversational payload needs
`messages` and no `structured_data`, a data payload the reverse, and some content must be set);
file tools/tool_params.py: `validate_args_for_mode`, `baseToolArgs`; and file
opensearch/helper.py: `_memory_request_body` and the request building of
`add_agentic_memories` (the container id percent-encoded into the path, the body without the
connection fields, by alias, without the `None` values).  Apache License 2.0, Copyright OpenSearch
Contributors (opensearch-project/opensearch-mcp-server-py); see
http://www.apache.org/licenses/LICENSE-2.0.  Its NOTICE: "OpenSearch (https://opensearch.org/)
Copyright OpenSearch Contributors".  Verbatim but as listed below (checked by comparing ASTs
with the wheel's source).

Changes: `AddAgenticMemoriesArgs`'s `class Config` (`json_schema_extra` examples, which feed
only the advertised schema) is left out: they are SCHEMA's "examples".  In
`BaseAgenticMemoryContainerArgs.inject_memory_container_id` the local import of
`tools.config.get_memory_container_id_from_config` is left out, and that function and
`mcp_server_opensearch.global_state.get_mode` are local stand-ins for a server started in its
default single-cluster mode with no configured memory container (no config file, no
OPENSEARCH_MEMORY_CONTAINER_ID): they return '' and 'single'.  The server's `execute_tool`
validates the arguments with `validate_args_for_mode(arguments, AddAgenticMemoriesArgs)`, then
`add_agentic_memories_tool` (after a cluster version check) calls `add_agentic_memories`, which
opens a client and posts the body: the interface `add_agentic_memories` is those two steps, the
cluster's client replaced by the implementation layer, which receives the method, the path and
the body.  The tool turns every exception into an error result the model reads; a pydantic
ValidationError and the ValueError of `validate_args_for_mode` are ValueErrors here.

The implementation layer is ours.  SCHEMA is what the server advertises for
AddAgenticMemoriesTool in single mode: `AddAgenticMemoriesArgs.model_json_schema()` (pydantic
2.14.4) without `opensearch_cluster_name` and the connection fields (`tools/tool_filter.py`,
`get_tools`): an enum, nested `$defs` (messages holding content items, whose `content_type` is
sent as "type"), none of the rules between `payload_type` and the content fields.
"""

from enum import Enum
from typing import Any, Dict, List, Optional, Type, TypeVar
from urllib.parse import quote

from pydantic import BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

SCHEMA: dict[str, Any] = {
    "$defs": {
        "MessageContentItem": {
            "description": "Schema for the content part of a message.\n\nUsed for strong typing in 'messages' fields.",
            "properties": {
                "text": {
                    "description": "The text content of the message.",
                    "title": "Text",
                    "type": "string"
                },
                "type": {
                    "description": "The type of the content (e.g., 'text'). ",
                    "title": "Type",
                    "type": "string"
                }
            },
            "required": [
                "text",
                "type"
            ],
            "title": "MessageContentItem",
            "type": "object"
        },
        "MessageItem": {
            "description": "Schema for a single message in 'messages' field.\n\nUsed for strong typing.",
            "properties": {
                "role": {
                    "anyOf": [
                        {
                            "type": "string"
                        },
                        {
                            "type": "null"
                        }
                    ],
                    "default": None,
                    "description": "The role of the entity (e.g., 'user', 'assistant').",
                    "title": "Role"
                },
                "content": {
                    "description": "A list of content items for this message.",
                    "items": {
                        "$ref": "#/$defs/MessageContentItem"
                    },
                    "title": "Content",
                    "type": "array"
                }
            },
            "required": [
                "content"
            ],
            "title": "MessageItem",
            "type": "object"
        },
        "PayloadType": {
            "description": "Specifies the type of payload being added to agentic memory.",
            "enum": [
                "conversational",
                "data"
            ],
            "title": "PayloadType",
            "type": "string"
        }
    },
    "description": "Arguments for adding memories to the agentic memory container.",
    "examples": [
        {
            "infer": True,
            "memory_container_id": "SdjmmpgBOh0h20Y9kWuN",
            "messages": [
                {
                    "content": [
                        {
                            "text": "I'm Bob, I really like swimming.",
                            "type": "text"
                        }
                    ],
                    "role": "user"
                },
                {
                    "content": [
                        {
                            "text": "Cool, nice. Hope you enjoy your life.",
                            "type": "text"
                        }
                    ],
                    "role": "assistant"
                }
            ],
            "metadata": {
                "branch": {
                    "branch_name": "high",
                    "root_event_id": "228nadfs879mtgk"
                },
                "status": "checkpoint"
            },
            "namespace": {
                "user_id": "bob"
            },
            "payload_type": "conversational",
            "tags": {
                "topic": "personal info"
            }
        },
        {
            "infer": False,
            "memory_container_id": "SdjmmpgBOh0h20Y9kWuN",
            "metadata": {
                "anyobject": "abc",
                "status": "checkpoint"
            },
            "namespace": {
                "agent_id": "testAgent1"
            },
            "payload_type": "data",
            "structured_data": {
                "time_range": {
                    "end": "2025-09-15",
                    "start": "2025-09-11"
                }
            },
            "tags": {
                "topic": "agent_state"
            }
        }
    ],
    "properties": {
        "memory_container_id": {
            "description": "The ID of the memory container.",
            "title": "Memory Container Id",
            "type": "string"
        },
        "messages": {
            "anyOf": [
                {
                    "items": {
                        "$ref": "#/$defs/MessageItem"
                    },
                    "type": "array"
                },
                {
                    "type": "null"
                }
            ],
            "default": None,
            "description": "A list of messages for a conversational payload...",
            "title": "Messages"
        },
        "structured_data": {
            "anyOf": [
                {
                    "additionalProperties": True,
                    "type": "object"
                },
                {
                    "type": "null"
                }
            ],
            "default": None,
            "description": "Structured data content for data memory. Required when payload_type is data.",
            "title": "Structured Data"
        },
        "binary_data": {
            "anyOf": [
                {
                    "type": "string"
                },
                {
                    "type": "null"
                }
            ],
            "default": None,
            "description": "Binary data content encoded as a Base64 string for binary payloads.",
            "title": "Binary Data"
        },
        "payload_type": {
            "$ref": "#/$defs/PayloadType",
            "description": "The type of payload. Valid values are conversational or data."
        },
        "namespace": {
            "anyOf": [
                {
                    "additionalProperties": {
                        "type": "string"
                    },
                    "type": "object"
                },
                {
                    "type": "null"
                }
            ],
            "default": None,
            "description": "The namespace context for organizing memories...",
            "title": "Namespace"
        },
        "metadata": {
            "anyOf": [
                {
                    "additionalProperties": True,
                    "type": "object"
                },
                {
                    "type": "null"
                }
            ],
            "default": None,
            "description": "Additional metadata for the memory...",
            "title": "Metadata"
        },
        "tags": {
            "anyOf": [
                {
                    "additionalProperties": True,
                    "type": "object"
                },
                {
                    "type": "null"
                }
            ],
            "default": None,
            "description": "Tags for categorizing and organizing memories.",
            "title": "Tags"
        },
        "infer": {
            "anyOf": [
                {
                    "type": "boolean"
                },
                {
                    "type": "null"
                }
            ],
            "default": False,
            "description": "Whether to use a large language model (LLM) to extract key information...",
            "title": "Infer"
        }
    },
    "required": [
        "memory_container_id",
        "payload_type"
    ],
    "title": "AddAgenticMemoriesArgs",
    "type": "object"
}
EXAMPLE: dict[str, Any] = {
    "memory_container_id": "SdjmmpgBOh0h20Y9kWuN",
    "payload_type": "conversational",
    "messages": [
        {"role": "user", "content": [{"text": "I'm Bob, I really like swimming.", "type": "text"}]},
        {"role": "assistant", "content": [{"text": "Cool, nice. Hope you enjoy your life.", "type": "text"}]},
    ],
    "namespace": {"user_id": "bob"},
    "tags": {"topic": "personal info"},
    "infer": True,
}


def get_mode() -> str:
    """Stands in for `mcp_server_opensearch.global_state.get_mode` (a server in single mode)."""
    return 'single'


def get_memory_container_id_from_config(config_file_path: str = '') -> str:
    """Stands in for `tools.config.get_memory_container_id_from_config` (no container configured)."""
    return ''


T = TypeVar('T', bound=BaseModel)


def validate_args_for_mode(args_dict: Dict[str, Any], args_model_class: Type[T]) -> T:
    """Validation middleware that handles mode-specific validation.

    Args:
        args_dict: Dictionary of arguments provided by the user
        args_model_class: The Pydantic model class to validate against

    Returns:
        Validated instance of args_model_class
    """
    # Get the current mode from global state
    mode = get_mode()

    args_dict = args_dict.copy()  # Don't modify the original

    if mode == 'single':
        # In single mode, add default values for base fields
        args_dict.setdefault('opensearch_cluster_name', '')

    try:
        return args_model_class(**args_dict)
    except Exception as e:
        # Create a consistent error message format for both modes
        import re

        error_str = str(e)

        # Extract missing field names and create a clearer error message
        missing_fields = re.findall(r'^(\w+)\n  Field required', error_str, re.MULTILINE)
        if missing_fields:
            field_list = ', '.join(f"'{field}'" for field in missing_fields)
            if len(missing_fields) == 1:
                error_msg = f'Missing required field: {field_list}'
            else:
                error_msg = f'Missing required fields: {field_list}'

            # For single mode, show user input without opensearch_cluster_name
            if mode == 'single':
                user_input = {k: v for k, v in args_dict.items() if k != 'opensearch_cluster_name'}
                error_msg += f'\n\nProvided: {user_input}'
            else:
                error_msg += f'\n\nProvided: {args_dict}'

            raise ValueError(error_msg) from e

        raise e


class baseToolArgs(BaseModel):
    """Base class for all tool arguments that contains common OpenSearch connection parameters."""

    opensearch_cluster_name: str = Field(description='The name of the OpenSearch cluster')

    # Optional connection override parameters.
    # When provided, these take precedence over environment variables / server config,
    # allowing agents to dynamically target different clusters per tool call.
    opensearch_url: Optional[str] = Field(
        default=None,
        description='OpenSearch endpoint URL.',
    )
    opensearch_username: Optional[str] = Field(
        default=None,
        description='Username for basic authentication.',
    )
    opensearch_password: Optional[str] = Field(
        default=None,
        description='Password for basic authentication.',
    )
    opensearch_no_auth: Optional[bool] = Field(
        default=None,
        description='If true, connect without authentication.',
    )
    aws_region: Optional[str] = Field(
        default=None,
        description='AWS region for IAM/Serverless authentication.',
    )
    aws_iam_arn: Optional[str] = Field(
        default=None,
        description='IAM role ARN for role-based authentication.',
    )
    aws_profile: Optional[str] = Field(
        default=None,
        description='AWS profile name for authentication.',
    )
    aws_opensearch_serverless: Optional[bool] = Field(
        default=None,
        description='If true, use OpenSearch Serverless service.',
    )
    opensearch_ssl_verify: Optional[bool] = Field(
        default=None,
        description='Set true to require SSL certificate verification. A false value is ignored, since only the operator may disable verification.',
    )
    opensearch_timeout: Optional[int] = Field(
        default=None,
        description='Connection timeout in seconds.',
    )


class PayloadType(str, Enum):
    """Specifies the type of payload being added to agentic memory."""

    conversational = 'conversational'
    data = 'data'


ERR_FIELD_NOT_ALLOWED = 'field_not_allowed'
ERR_MISSING_WORKING_FIELD = 'missing_working_field'
ERR_MISSING_LONG_TERM_FIELD = 'missing_long_term_field'
ERR_MESSAGES_REQUIRED = 'messages_required'
ERR_FIELD_PROHIBITED = 'field_prohibited'
ERR_STRUCTURED_DATA_REQUIRED = 'structured_data_required'
ERR_MISSING_CONTENT_FIELD = 'missing_content_field'
ERR_EMBEDDING_DIMENSION_REQUIRED = 'embedding_dimension_required'


class MessageContentItem(BaseModel):
    """Schema for the content part of a message.

    Used for strong typing in 'messages' fields.
    """

    text: str = Field(..., description='The text content of the message.')
    content_type: str = Field(
        ..., description="The type of the content (e.g., 'text'). ", alias='type'
    )


class MessageItem(BaseModel):
    """Schema for a single message in 'messages' field.

    Used for strong typing.
    """

    role: Optional[str] = Field(
        None, description="The role of the entity (e.g., 'user', 'assistant')."
    )
    content: List[MessageContentItem] = Field(
        ..., description='A list of content items for this message.'
    )


class BaseAgenticMemoryContainerArgs(baseToolArgs):
    """Base arguments for tools operating on an existing Agentic Memory Container."""

    memory_container_id: str = Field(..., description='The ID of the memory container.')

    @model_validator(mode='before')
    @classmethod
    def inject_memory_container_id(cls, data):
        """Inject memory_container_id from config/env when not provided by the MCP client."""
        if isinstance(data, dict) and not data.get('memory_container_id'):
            container_id = get_memory_container_id_from_config()
            if container_id:
                data['memory_container_id'] = container_id
        return data


class AddAgenticMemoriesArgs(BaseAgenticMemoryContainerArgs):
    """Arguments for adding memories to the agentic memory container."""

    # --- Payload Fields ---
    messages: Optional[List[MessageItem]] = Field(
        default=None, description='A list of messages for a conversational payload...'
    )
    structured_data: Optional[Dict[str, Any]] = Field(
        default=None,
        description='Structured data content for data memory. Required when payload_type is data.',
    )
    binary_data: Optional[str] = Field(
        default=None,
        description='Binary data content encoded as a Base64 string for binary payloads.',
    )
    payload_type: PayloadType = Field(
        ..., description='The type of payload. Valid values are conversational or data.'
    )

    # --- Optional Fields ---
    namespace: Optional[Dict[str, str]] = Field(
        default=None, description='The namespace context for organizing memories...'
    )
    metadata: Optional[Dict[str, Any]] = Field(
        default=None, description='Additional metadata for the memory...'
    )
    tags: Optional[Dict[str, Any]] = Field(
        default=None, description='Tags for categorizing and organizing memories.'
    )
    infer: Optional[bool] = Field(
        default=False,
        description='Whether to use a large language model (LLM) to extract key information...',
    )

    @model_validator(mode='after')
    def validate_payload_requirements(self) -> 'AddAgenticMemoriesArgs':
        """Validate that the correct fields are provided based on payload_type."""
        # Getting fields that were actually set
        set_fields = self.model_fields_set

        if self.payload_type == PayloadType.conversational:
            if 'messages' not in set_fields:
                raise PydanticCustomError(
                    ERR_MESSAGES_REQUIRED,
                    "'messages' field is required when payload_type is 'conversational'",
                )
            if 'structured_data' in set_fields:
                raise PydanticCustomError(
                    ERR_FIELD_PROHIBITED,
                    "'structured_data' should not be provided when payload_type is 'conversational'",
                    {'field_name': 'structured_data'},
                )

        elif self.payload_type == PayloadType.data:
            if 'structured_data' not in set_fields:
                raise PydanticCustomError(
                    ERR_STRUCTURED_DATA_REQUIRED,
                    "'structured_data' field is required when payload_type is 'data'",
                )
            if 'messages' in set_fields:
                raise PydanticCustomError(
                    ERR_FIELD_PROHIBITED,
                    "'messages' should not be provided when payload_type is 'data'",
                    {'field_name': 'messages'},
                )

        # Validate that at least one content field is provided
        content_fields = {'messages', 'structured_data', 'binary_data'}
        if not any(field in set_fields for field in content_fields):
            raise PydanticCustomError(
                ERR_MISSING_CONTENT_FIELD,
                'At least one content field (messages, structured_data, or binary_data) must be provided',
            )

        return self


def _memory_request_body(args: baseToolArgs, *routing_fields: str) -> Dict[str, Any]:
    """Serialize a memory tool's payload, excluding every connection field.

    Excludes the inherited connection fields plus the given routing fields, so no
    caller credential can reach the request body or be stored as a memory document.
    Deriving the set from ``model_fields`` keeps it correct as the base model grows.
    """
    exclude = set(baseToolArgs.model_fields) | set(routing_fields)
    return args.model_dump(exclude=exclude, exclude_none=True, by_alias=True)


def add_agentic_memories_impl(method: str, url: str, body: Dict[str, Any]) -> Dict[str, Any]:
    """The implementation layer (ours): where the package calls `client.transport.perform_request`."""
    return {"method": method, "url": url, "body": body}


def add_agentic_memories(**arguments: Any) -> Dict[str, Any]:
    """The interface layer: the server's validation of the arguments, then the request building of
    `add_agentic_memories`, the OpenSearch client replaced by the implementation."""
    args = validate_args_for_mode(arguments, AddAgenticMemoriesArgs)
    url_parts = [
        '/_plugins/_ml/memory_containers',
        quote(args.memory_container_id, safe=''),
        'memories',
    ]
    url = '/'.join(url_parts)

    body = _memory_request_body(args, 'memory_container_id')

    return add_agentic_memories_impl(method='POST', url=url, body=body)
